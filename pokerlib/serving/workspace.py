"""A copy someone works in, kept up to date without losing anyone's changes.

Every copy of the course someone works in (a student's ``workspace/``, the
teacher's projecting copy ``teacher/``, a class server's workspaces, and
``student/`` too) is brought up to date from an edition by ``sync``: files
that are new to the course are copied in, a file nobody changed is replaced
when the course has a newer version, and a file somebody changed is never
overwritten: the course's new version is put beside it, under a clear name
(``05-Shuffling (course update).ipynb``), and a one-line message says so.
Whatever is in the way (a folder where a notebook should be, a read-only
file, an unreadable record) gets a one-line message naming it, and the rest
carries on.

>>> import tempfile
>>> edition, mine = (Path(tempfile.mkdtemp()) for _ in range(2))
>>> _ = (edition / '01-A.ipynb').write_text('{"cells": []}')
>>> update_workspace(mine, edition)
['new:       01-A.ipynb']
>>> _ = (mine / '01-A.ipynb').write_text('{"cells": [], "mine": 1}')
>>> _ = (edition / '01-A.ipynb').write_text('{"cells": [], "v": 2}')
>>> update_workspace(mine, edition)
["kept:      01-A.ipynb, with your changes; the course's newer version is in 01-A (course update).ipynb"]

Each message is a whole sentence in the language asked for (``language='zh_CN'``
for ``make lab-zh``), and knows its kind (``message.kind``: 'new', 'updated',
'kept', 'skipped' or 'note').

The standard library and pokerlib.i18n only: ``make lab``, ``make lab-zh`` and
the class server all use it (pokerlib.serving.editions makes the editions they copy from).
"""

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path

from ..i18n import LANGUAGES, N_, translator

__all__ = ['MANIFEST', 'UPDATE', 'Message', 'digest', 'source_digest', 'write_atomically', 'read_manifest',
           'update_name', 'edition_files', 'sync', 'update_workspace']

MANIFEST = '.course-versions.json'
UPDATE = ' (course update)'
"""Added to a file's name for the course's new version, put beside a changed file."""


class Message(str):
    """One line that sync says, and its kind ('new', 'updated', 'kept', 'skipped', 'note')."""

    def __new__(cls, kind, text):
        message = super().__new__(cls, text)
        message.kind = kind
        return message


TAGS = {'new': N_('new:       '), 'updated': N_('updated:   '), 'kept': N_('kept:      '),
        'skipped': N_('skipped:   '), 'note': N_('note:      ')}
"""How each kind of message starts (padded, so that the names line up)."""


def _say(language, kind, template, **fields) -> Message:
    """The message of this kind: its tag, then the template filled in, in `language`."""
    words = translator(language)
    return Message(kind, words(TAGS[kind]) + words(template).format(**fields))


def _beside_said(language, kind, why, outcome, **fields) -> Message:
    """A message in two parts: why the file was kept (or skipped), then where the course's
    version went."""
    words = translator(language)
    return _say(language, kind, N_('{why}; {outcome}'), why=words(why).format(**fields),
                outcome=words(outcome).format(**fields))



def digest(path) -> str:
    """The file's SHA-256."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def source_digest(path) -> str:
    """A notebook's SHA-256 by its cells' sources only: running, saving and folding don't change it.

    Used for the teacher's projecting copy, where a Run All must not make a
    notebook count as changed. Not a notebook: the file's digest.
    """
    try:
        cells = json.loads(Path(path).read_text(encoding='utf-8'))['cells']
        text = json.dumps([[c['cell_type'], ''.join(c['source'])] for c in cells])
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return digest(path)
    return hashlib.sha256(text.encode()).hexdigest()


def write_atomically(path, data: bytes):
    """Write data to path by a temporary file beside it and a rename: never half a file."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f'.{path.name}.', suffix='.part')
    try:
        with os.fdopen(fd, 'wb') as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_manifest(path, language='en'):
    """The record of the versions copied in, and a note if it could not be used.

    A manifest that is missing is an empty record; one that is not a JSON
    object of names to digests (invalid, truncated, empty, ``[]``, ``null``,
    a folder...) is treated as missing, with a one-line note.
    """
    if not path.exists() and not path.is_symlink():
        return {}, None
    try:
        data = json.loads(path.read_text(encoding='utf-8'))
        if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise ValueError('not a record of file versions')
    except (OSError, ValueError) as e:
        words = translator(language)
        reason = (words(N_('it is a folder')) if path.is_dir() else
                  type(e).__name__ if isinstance(e, OSError) else          # the system's name
                  words(N_('it is empty')) if not path.read_bytes().strip() else
                  words(N_('it is not a record of file versions')))
        return {}, _say(language, 'note', N_('{name} (the record of the versions you were given) '
                                              'could not be read ({reason}); treated as missing'),
                        name=path.name, reason=reason)
    return data, None


def update_name(name: str) -> str:
    """'05-Shuffling.ipynb' -> '05-Shuffling (course update).ipynb'."""
    stem, dot, ext = name.rpartition('.')
    return f'{stem}{UPDATE}.{ext}' if dot and stem else name + UPDATE


def edition_files(edition) -> list:
    """The files of an edition to copy, as paths relative to it: notebooks, then data files."""
    edition = Path(edition)
    files = [p.relative_to(edition) for p in sorted(edition.glob('*.ipynb'))]
    if (edition / 'data').is_dir():
        files += [p.relative_to(edition) for p in sorted((edition / 'data').rglob('*'))
                  if p.is_file()]
    return files


def sync(target, edition, same=digest, language='en') -> list:
    """Bring the copy in target up to date from edition; return one message a line (Message,
    in `language`).

    same(path) identifies a version: the file's digest for a student's
    workspace (any change of theirs counts), the cells' sources for the
    teacher's projecting copy (running and saving don't). The manifest in
    target records the version of each file copied in, so a file that still
    matches it is untouched. It is written atomically, as every file is.
    """
    target, edition = Path(target), Path(edition)
    target.mkdir(parents=True, exist_ok=True)
    manifest_path = target / MANIFEST
    manifest, note = read_manifest(manifest_path, language)
    had_record = manifest_path.is_file() and note is None
    messages = [note] if note else []
    for rel in edition_files(edition):
        message = _sync_file(target, edition, rel, manifest, had_record, same, language)
        if message:
            messages.append(message)
    try:
        write_atomically(manifest_path,
                         (json.dumps(manifest, indent=1, sort_keys=True) + '\n').encode())
    except OSError as e:
        messages.append(_say(language, 'note', N_("could not write {manifest} ({error}): the next "
                                                  "update cannot tell your changes from the "
                                                  "course's"),
                             manifest=MANIFEST, error=e.strerror or e))
    return messages


def _sync_file(target, edition, rel, manifest, had_record, same, language='en'):
    """Bring one file up to date (see sync); the message to show, if any."""
    source, dest = edition / rel, target / rel
    key = rel.as_posix()
    new = same(source)
    parent = dest.parent
    if parent != target and parent.exists() and not parent.is_dir():
        return _say(language, 'skipped', N_("{key}: {parent} is a file, not a folder, so the "
                                            "course's files for it were not copied"),
                    key=key, parent=parent.relative_to(target).as_posix())
    if dest.is_dir() or (dest.exists() and not dest.is_file()):
        return _beside(target, source, rel, manifest, language, 'skipped',
                       N_("{key} is a folder (or not a file), not the course's file"))
    if not dest.exists():
        try:
            parent.mkdir(parents=True, exist_ok=True)
            write_atomically(dest, source.read_bytes())
        except OSError as e:
            return _say(language, 'skipped', N_('{key}: could not be written ({error})'),
                        key=key, error=e.strerror or e)
        manifest[key] = new
        return Message('new', translator(language)(TAGS['new']) + key)
    current = same(dest)
    if current == new:
        manifest[key] = new
        return None
    given = manifest.get(key)
    if current == given:                   # untouched since it was copied in
        if not os.access(dest, os.W_OK):
            return _beside(target, source, rel, manifest, language, 'kept',
                           N_('{key} is read-only'), newer=True)
        try:
            write_atomically(dest, source.read_bytes())
        except OSError as e:
            return _say(language, 'skipped', N_('{key}: could not be updated ({error})'),
                        key=key, error=e.strerror or e)
        manifest[key] = new
        return _say(language, 'updated', N_('{key} (you had not changed it)'), key=key)
    if given is None:
        why = (N_("{key} differs from the course's current version, and the record of the "
                  "version you were given was missing, so it is kept as it is")
               if not had_record else
               N_("{key} differs from the course's current version and is not in the record "
                  "of what the course copied in, so it is kept as it is"))
    elif given == new:                    # changed by its owner; the course has nothing newer
        return None
    else:
        why = N_('{key}, with your changes')
    return _beside(target, source, rel, manifest, language, 'kept', why, newer=given is not None)


def _beside(target, source, rel, manifest, language, kind, why, newer=False):
    """Put the course's version beside rel, under the update name, unless that file was
    changed too; the message: `why` (a template of {key}), then where the course's version
    went (its 'newer' version, if it is known to be newer)."""
    beside = rel.with_name(update_name(rel.name))
    dest, key = target / beside, beside.as_posix()
    fields = dict(key=rel.as_posix(), beside=key)
    placed = (N_("the course's newer version is in {beside}") if newer else
              N_("the course's version is in {beside}"))
    try:
        if dest.exists() and (not dest.is_file() or manifest.get(key) != digest(dest)):
            if dest.is_file() and digest(dest) == digest(source):
                manifest[key] = digest(dest)
                return _beside_said(language, kind, why, placed, **fields)
            return _beside_said(language, kind, why,
                                N_("the course's version was not copied: {beside} is in the "
                                   "way (you changed it)"), **fields)
        write_atomically(dest, source.read_bytes())
    except OSError as e:
        return _beside_said(language, kind, why,
                            N_("the course's version could not be written to {beside} "
                               "({error})"), error=e.strerror or e, **fields)
    manifest[key] = digest(dest)
    return _beside_said(language, kind, why, placed, **fields)


def update_workspace(workspace, edition, language='en') -> list:
    """Bring a student's workspace up to date from the student's edition (sync, by file digest)."""
    return sync(workspace, edition, digest, language)


def main(argv=None) -> int:
    """``python -m pokerlib.serving.workspace EDITION WORKSPACE [LANGUAGE]``: update_workspace, one
    message a line, in LANGUAGE (en, the default, or zh_CN).

    The class server runs it inside the student's sandbox, with her rights.
    """
    import sys
    edition, workspace, *language = (sys.argv[1:] if argv is None else argv)
    language = language[0] if language and language[0] in LANGUAGES else 'en'
    for message in update_workspace(workspace, edition, language):
        print(message)
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
