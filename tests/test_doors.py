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


def test_a_door_in_a_folder_with_capitals_and_spaces_is_reached_by_its_address():
    """Clients lower-case an address's host (JupyterHub's, through yarl): the door's path, written
    there, must survive that, or no server starts from ~/Documents/Poker (issue 47). (A short
    folder: the kernel's client connects by path, and inside her sandbox the doors' is short.)"""
    import shutil
    import tempfile
    from pathlib import Path
    short = Path(tempfile.mkdtemp(prefix='D', dir='/tmp'))
    try:
        _capitals_and_spaces(short)
    finally:
        shutil.rmtree(short)


def _capitals_and_spaces(tmp_path):
    from urllib.parse import unquote

    from pokerlib.serving.hubpost import split
    path = tmp_path / 'Documents' / 'My Class' / 'doors' / 'Ada' / 'hub.sock'
    url = doors.door_url(path, '/hub/api')
    host = url.split('://', 1)[1].split('/', 1)[0]
    assert unquote(host.lower()) == str(path)          # as a client that lower-cases reads it
    assert split(url) == ('unix', str(path), '/hub/api')   # as the kernels' client reads it

    async def scenario():
        async def answer(reader, writer):
            await reader.read(100)
            writer.write(b'HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok')
            await writer.drain()
            writer.close()
        server = await asyncio.start_server(answer, '127.0.0.1', 0)
        port = server.sockets[0].getsockname()[1]
        class_doors = doors.Doors(tmp_path / 'Documents' / 'My Class' / 'doors',
                                  f'127.0.0.1:{port}', {})
        await class_doors.open('Ada')
        from pokerlib.serving.hubpost import request
        status, body = await asyncio.to_thread(request, 'GET', class_doors.url('Ada', rest='/x'),
                                               None, timeout=5)
        class_doors.close()
        server.close()
        return status, body
    assert asyncio.run(scenario())[0] == 200


def _listening(path):
    import socket
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(path))
    s.listen()
    return s


def test_her_front_door_never_follows_a_link_nor_reaches_a_socket_not_hers(tmp_path):
    """She owns her run folder: whatever she puts where her server's socket was (a link to a
    classmate's, a classmate's socket), her front door leads there never (issue 48, 5)."""
    import os
    mine, theirs = tmp_path / 'ada.sock', tmp_path / 'grace.sock'
    own, other = _listening(mine), _listening(theirs)
    link = tmp_path / 'link.sock'
    link.symlink_to(theirs)

    async def scenario():
        reader, writer = await doors.connect_own(mine, os.getuid())
        writer.close()
        refused = []
        for path, uid in [(link, None), (link, os.getuid()), (mine, os.getuid() + 1)]:
            try:
                await doors.connect_own(path, uid)
            except OSError:
                refused.append(path.name)
        return refused
    assert asyncio.run(scenario()) == ['link.sock', 'link.sock', 'ada.sock']
    own.close()
    other.close()


def test_her_front_door_listens_at_her_address_and_holds_a_bounded_number_of_connections(tmp_path):
    """The front door listens on her own loopback address at the class's port (not a port of its
    choosing) and holds at most FRONT_AT_ONCE connections (issue 48, low)."""
    import os
    import socket

    async def scenario():
        async def echo(reader, writer):
            while data := await reader.read(100):
                writer.write(data)
                await writer.drain()
            writer.close()
        server = await asyncio.start_unix_server(echo, path=str(tmp_path / 'jupyter.sock'))
        with socket.socket() as probe:           # a free port on loopback, for the class's
            probe.bind(('127.0.0.1', 0))
            port = probe.getsockname()[1]
        front = doors.Front(tmp_path / 'jupyter.sock', os.getuid(), '127.2.0.7', port)
        assert await front.open(timeout=5) == port
        held = []
        for _ in range(doors.FRONT_AT_ONCE + 3):
            reader, writer = await asyncio.open_connection('127.2.0.7', port)
            writer.write(b'x')
            try:
                # A connection past the bound is closed at once (b''); one it holds answers,
                # however loaded the machine (a 2 s wait missed one at load 14).
                held.append(await asyncio.wait_for(reader.read(10), 30))
            except (ConnectionError, asyncio.TimeoutError):
                held.append(b'')
            held.append(writer)
        answered = [h for h in held if h == b'x']
        front.close()
        server.close()
        for w in held:
            if not isinstance(w, bytes):
                w.close()
        return len(answered)
    assert asyncio.run(scenario()) == doors.FRONT_AT_ONCE
