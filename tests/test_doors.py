"""The doors out of a student's sandbox (classroom/doors.py): what passes, from where, how many."""

import asyncio

from classroom import doors


def test_a_door_passes_bytes_from_her_own_address_and_holds_a_few_connections(tmp_path):
    async def scenario():
        seen = []

        async def echo(reader, writer):
            seen.append(writer.get_extra_info('peername')[0])
            while data := await reader.read(100):
                writer.write(data)
                await writer.drain()
            writer.close()

        server = await asyncio.start_server(echo, '127.0.0.1', 0)
        port = server.sockets[0].getsockname()[1]
        class_doors = doors.Doors(tmp_path / 'doors', f'127.0.0.1:{port}', {})
        paths = {name: await class_doors.open(name) for name in ('ada', 'grace')}
        assert paths['ada']['hub'] == tmp_path / 'doors' / 'ada' / 'hub.sock'
        assert oct(paths['ada']['hub'].stat().st_mode & 0o777) == '0o666'
        assert oct((tmp_path / 'doors' / 'ada').stat().st_mode & 0o777) == '0o755'

        async def talk(student, n):
            reader, writer = await asyncio.open_unix_connection(str(paths[student]['hub']))
            writer.write(b'hello %d' % n)
            await writer.drain()
            try:
                return await asyncio.wait_for(reader.read(100), 5), writer
            except (ConnectionError, asyncio.TimeoutError):
                return b'', writer

        held = [await talk('ada', n) for n in range(doors.OPEN_AT_ONCE + 5)]
        answered = [data for data, _ in held if data]
        assert len(answered) == doors.OPEN_AT_ONCE                 # the rest closed at once
        assert (await talk('grace', 0))[0] == b'hello 0'           # her door is her own
        assert set(seen) == {'127.1.0.1', '127.1.0.2'}             # each from her own address
        for _, writer in held:
            writer.close()
        await asyncio.sleep(0.2)
        assert (await talk('ada', 99))[0] == b'hello 99'           # closed: room again
        class_doors.close()
        server.close()
        assert not paths['ada']['hub'].exists()

    asyncio.run(scenario())
