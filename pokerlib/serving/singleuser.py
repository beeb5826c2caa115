"""A student's server on the class server: ``jupyterhub-singleuser``, without the hub's database.

    python -m pokerlib.serving.singleuser [its options]    (classroom/jupyterhub_config.py)

A student's server is JupyterHub's ``jupyterhub-singleuser``: JupyterLab that
knows its hub. Importing it loaded the hub's own database layer too (issue
51): its request log imports the hub's page handlers, and its check of a
token's scopes imports the hub's tables at the top of the module, which import
SQLAlchemy and Alembic: 35 MB of every student's server and a second of its
start, for a database the server never opens (its hub answers over HTTP).

Here the server starts with two stand-ins, so that none of it loads unless
something uses it:

- ``jupyterhub.log``: the server's request log (``log_request``), our own: one
  line a request, its method, path (never the query, where a token may be),
  status and time, at the level JupyterHub's uses; any other name read from it
  (``coroutine_frames``, read when the server prints its stacks) loads the real
  module, as the deferred ones below do;
- ``sqlalchemy`` and ``jupyterhub.orm``: modules that load the real one the
  first time one of their names is read (``Deferred``), which only the hub's
  own code paths do.

Everything else is ``jupyterhub-singleuser`` unchanged.
"""

import importlib
import logging
import sys
import types

__all__ = ['Deferred', 'defer', 'log_request', 'stand_ins', 'main']

DEFERRED = ('sqlalchemy', 'jupyterhub.orm', 'jupyterhub.roles')
"""Modules a student's server imports and never uses: loaded the first time a name is read."""


class Deferred(types.ModuleType):
    """A stand-in for a module, in its place in sys.modules: the first name read from it loads
    the real one (which then takes its place) and reads the name there.

    >>> import sys
    >>> sys.modules.pop('colorsys', None) and None
    >>> colorsys = defer(['colorsys'])[0]
    >>> type(sys.modules['colorsys']).__name__
    'Deferred'
    >>> colorsys.rgb_to_hsv(1, 0, 0), type(sys.modules['colorsys']).__name__
    ((0.0, 1.0, 1), 'module')
    """

    def __init__(self, name, spec):
        super().__init__(name)
        self.__spec__ = spec
        self.__loader__ = spec.loader
        self.__file__ = spec.origin

    def __getattr__(self, attribute):
        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        real = importlib.import_module(name)
        return getattr(real, attribute)


class LogStandIn(Deferred):
    """``jupyterhub.log`` with our ``log_request``: any other name loads the real module. (A
    module's own dunder names are not loaded for: the import system asks ``__path__`` of every
    module a ``from ... import`` names.)"""

    def __getattr__(self, attribute):
        if attribute.startswith('__'):
            raise AttributeError(attribute)
        return super().__getattr__(attribute)


def defer(names=DEFERRED) -> list:
    """Put a Deferred in sys.modules for each of names not imported yet; those put there."""
    import importlib.util
    put = []
    for name in names:
        if name in sys.modules:
            continue
        spec = importlib.util.find_spec(name)
        if spec is None:
            continue
        sys.modules[name] = Deferred(name, spec)
        put.append(sys.modules[name])
    return put


def log_request(handler):
    """Log one request of the server: method, path (no query), status and milliseconds; a
    static file or a 304 at debug level, a client's error at warning, a server's at error."""
    status = handler.get_status()
    request = handler.request
    if status == 304 or (status < 300 and type(handler).__name__ in ('StaticFileHandler',
                                                                        'HealthCheckHandler')):
        level = logging.DEBUG
    elif status < 400:
        level = logging.INFO
    elif status < 500:
        level = logging.WARNING
    else:
        level = logging.ERROR
    logging.getLogger('tornado.access').log(
        level, '%d %s %s %.2fms', status, request.method, request.path,
        1000.0 * request.request_time())


def stand_ins() -> list:
    """Put the request log and the deferred modules in their places (only where the real ones
    are not imported yet); those put there."""
    import importlib.util
    put = []
    spec = importlib.util.find_spec('jupyterhub.log')
    if spec is not None and 'jupyterhub.log' not in sys.modules:
        module = LogStandIn('jupyterhub.log', spec)
        module.log_request = log_request
        sys.modules['jupyterhub.log'] = module
        put.append(module)
    return put + defer()


def main():
    """Start the student's server (as ``jupyterhub-singleuser`` does), lighter."""
    stand_ins()
    from jupyterhub.singleuser import main as start
    sys.argv[0] = 'jupyterhub-singleuser'
    return start()


if __name__ == '__main__':
    sys.exit(main())
