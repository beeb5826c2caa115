"""Every student's server on the class server (and the teacher's): no notebook is ever trusted.

make classroom-setup puts this file into .venv-hub/etc/jupyter/, where each
server started from that venv reads it. A trusted notebook's outputs run
their scripts when it is opened; a student could sign a notebook with her own
server's key, and the teacher who opens it to help her would run them. Here
no signature is ever kept or recognised: every notebook opens untrusted, so
JupyterLab shows its saved outputs sanitised (no script runs, no HTML event
handler), whoever opens it. Outputs a cell makes while it runs are shown as
usual. (Each server also has a web address of its own: classroom/doors.py.)
"""

from nbformat.sign import MemorySignatureStore


class NothingTrusted(MemorySignatureStore):
    """A signature store that keeps nothing and recognises nothing."""

    def store_signature(self, digest, algorithm):
        pass

    def check_signature(self, digest, algorithm):
        return False


c = get_config()  # noqa: F821 (Jupyter's config loader defines it)
c.NotebookNotary.store_factory = NothingTrusted
c.NotebookNotary.db_file = ':memory:'
