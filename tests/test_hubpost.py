"""pokerlib.serving.hubpost: one request to a hub service, at an http:// or an http+unix:// address.

On the class server a kernel or the teacher's server may reach a service
only through a unix socket bound into its sandbox; the same client must speak
both. Here a small server answers on a TCP port and on a unix socket.
"""

import http.server
import json
import os
import socketserver
import threading
from urllib.parse import quote

import pytest

from pokerlib.serving.hubpost import join, request


class Echo(http.server.BaseHTTPRequestHandler):
    """Answers every POST with what it got: the path, the token header, the body."""

    def do_POST(self):
        body = self.rfile.read(int(self.headers['Content-Length']))
        answer = json.dumps({'path': self.path, 'auth': self.headers.get('Authorization'),
                             'body': body.decode()}).encode()
        self.send_response(201)
        self.send_header('Content-Length', str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


class UnixEcho(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True

    def get_request(self):          # BaseHTTPRequestHandler wants a client address
        conn, _ = super().get_request()
        return conn, ('unix', 0)


@pytest.fixture
def servers(tmp_path):
    tcp = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Echo)
    path = str(tmp_path / 'follow.sock')
    unix = UnixEcho(path, Echo)
    for server in (tcp, unix):
        threading.Thread(target=server.serve_forever, kwargs={'poll_interval': 0.05}, daemon=True).start()
    yield {'http': f'http://127.0.0.1:{tcp.server_address[1]}/services/follow/',
           'http+unix': f'http+unix://{quote(path, safe="")}/services/follow/'}
    for server in (tcp, unix):
        server.shutdown()
        server.server_close()
    if os.path.exists(path):
        os.unlink(path)


@pytest.mark.parametrize('scheme', ['http', 'http+unix'])
def test_a_post_reaches_the_service_at_either_kind_of_address(servers, scheme):
    status, body = request('POST', join(servers[scheme], 'api/feed'), b'{"events": []}', token='t0k')
    got = json.loads(body)
    assert status == 201
    assert got == {'path': '/services/follow/api/feed', 'auth': 'token t0k', 'body': '{"events": []}'}


def test_an_address_of_another_kind_is_refused_and_none_unreached(tmp_path):
    with pytest.raises(ValueError, match='not an http'):
        request('POST', 'ftp://example.org/x', b'')
    with pytest.raises(OSError):
        request('POST', f'http+unix://{quote(str(tmp_path / "none.sock"), safe="")}/x', b'', timeout=1)


def test_a_refusal_sent_before_the_body_is_read_is_the_answer(tmp_path):
    """A service that refuses as soon as it has read the headers (a wrong token: the follow feed)
    and closes: the body's sending fails, and the answer is still its refusal, not an error."""
    import socket
    import threading
    path = tmp_path / 's.sock'
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.listen()

    def refuse():
        conn, _ = server.accept()
        head = b''
        while b'\r\n\r\n' not in head:
            head += conn.recv(1024)
        conn.sendall(b'HTTP/1.1 403 Forbidden\r\nContent-Length: 2\r\n\r\nno')
        conn.close()
    threading.Thread(target=refuse, daemon=True).start()
    url = f'http+unix://{quote(str(path), safe="")}/services/follow/api/feed'
    assert request('POST', url, b'x' * 8 * 2**20, timeout=10) == (403, b'no')
    server.close()
