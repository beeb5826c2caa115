"""Every student's server on the class server (and the teacher's): no notebook is ever trusted.

make classroom-setup puts this file into .venv-hub/etc/jupyter/, where each
server started from that venv reads it. A trusted notebook's outputs run
their scripts when it is opened; a student could sign a notebook with her own
server's key, and the teacher who opens it to help her would run them. Here
no signature is ever kept or recognised: every notebook opens untrusted, so
JupyterLab shows its saved outputs sanitised (no script runs, no HTML event
handler), whoever opens it. Outputs a cell makes while it runs are shown as
usual. (Each server also has a web address of its own: classroom/doors.py.)

A request's body is read into the server's memory (her memory) before anyone
asks who sent it: a body is at most ``BODY`` bytes, and a request that shows no
login to this server at most 1 MB (pokerlib/serving/gate.py), refused before the rest
is read. JupyterLab saves a notebook in one request and uploads a file of more
than 15 MB in chunks of 1 MB, so both still work.
"""

import os

from nbformat.sign import MemorySignatureStore

from pokerlib.serving import gate

BODY = 32 * 2 ** 20
"""Bytes one request's body may have (a notebook saved, a chunk of an upload; a file of 15 MB at
most goes in one request, as base64: 20 MB)."""


class NothingTrusted(MemorySignatureStore):
    """A signature store that keeps nothing and recognises nothing."""

    def store_signature(self, digest, algorithm):
        pass

    def check_signature(self, digest, algorithm):
        return False


c = get_config()  # noqa: F821 (Jupyter's config loader defines it)
c.NotebookNotary.store_factory = NothingTrusted
c.NotebookNotary.db_file = ':memory:'
# Nothing is signed, so its key is never written: her data folder is an empty, read-only one of
# the venv's (no extension of her home is loaded: classroom/jupyterhub_config.py).
c.NotebookNotary.secret = os.urandom(32)
c.ServerApp.max_body_size = c.ServerApp.max_buffer_size = BODY
gate.install()                  # a request without her login: 1 MB at most (pokerlib/serving/gate.py)
