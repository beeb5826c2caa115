"""The gate of a single-user server on the class server: a request without a login sends little.

Tornado reads a request's whole body into memory before any handler asks who
sent it. A Jupyter server behind JupyterHub would let anyone who can reach it,
logged in or not, make it hold ``max_body_size`` bytes per request (512 MB by
default): a few such posts from outside and her server is past its memory,
stopped with her kernels and her unsaved work (issue 48).

This gate decides, as soon as a request's headers are in, how much body it may
send: a request that shows a login to this very server (the cookie its hub
login set, signed with the server's own secret) may send the server's
``max_body_size`` (the class server gives 32 MB: JupyterLab saves a notebook in
one request and uploads a large file in chunks of 1 MB); any other request
``ANONYMOUS_BODY`` at most, refused (400) as soon as its ``Content-Length``
says more, or as soon as a chunked body goes past it, before the rest is read.

The class server's ``jupyter_server_config.py`` puts it in (``install``);
nothing here runs outside the class server.

>>> signed = web.create_signed_value('secret', 'jupyterhub-user-ada', 'a-token').decode()
>>> shows_login({'Cookie': f'jupyterhub-user-ada={signed}'}, 'jupyterhub-user-ada', 'secret')
True
>>> shows_login({'Cookie': 'jupyterhub-user-ada=made-up'}, 'jupyterhub-user-ada', 'secret')
False
>>> shows_login({'Authorization': 'token guessed'}, 'jupyterhub-user-ada', 'secret')
False
"""

from tornado import httputil, web
from tornado.httpserver import HTTPServer

__all__ = ['ANONYMOUS_BODY', 'GatedHTTPServer', 'install', 'shows_login']

ANONYMOUS_BODY = 2 ** 20
"""Bytes of body a request without a login may send (a form, a small API call)."""


def shows_login(headers, cookie_name: str, secret) -> bool:
    """Whether a request's headers carry this server's login cookie, signed with its secret."""
    value = httputil.parse_cookie(headers.get('Cookie', '')).get(cookie_name)
    if not value or not secret:
        return False
    return web.decode_signed_value(secret, cookie_name, value) is not None


class _Gate(httputil.HTTPMessageDelegate):
    """One request: its body bound set from its headers, then everything passed on."""

    def __init__(self, inner, connection, server):
        self.inner, self.connection, self.server = inner, connection, server

    def headers_received(self, start_line, headers):
        if not self.server.logged_in(headers):
            self.connection.set_max_body_size(ANONYMOUS_BODY)
        return self.inner.headers_received(start_line, headers)

    def data_received(self, chunk):
        return self.inner.data_received(chunk)

    def finish(self):
        return self.inner.finish()

    def on_connection_close(self):
        return self.inner.on_connection_close()


class GatedHTTPServer(HTTPServer):
    """tornado's HTTPServer, whose requests without a login send ``ANONYMOUS_BODY`` bytes at most."""

    def start_request(self, server_conn, request_conn):
        return _Gate(super().start_request(server_conn, request_conn), request_conn, self)

    def logged_in(self, headers) -> bool:
        settings = getattr(self.request_callback, 'settings', {})
        hub_auth = getattr(settings.get('identity_provider'), 'hub_auth', None)
        if hub_auth is None:                   # not behind a hub: nobody's login to check
            return False
        return shows_login(headers, hub_auth.cookie_name, settings.get('cookie_secret'))


def install():
    """Every HTTPServer this process makes (the Jupyter server's) is a gated one."""
    HTTPServer.configure(GatedHTTPServer)
