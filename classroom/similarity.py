"""Which graded functions look copied: a flag for the teacher, never a penalty (the gradebook's).

For every exercise, the cell that defines it in each student's saved notebook
is compared with every classmate's and with the course's own (the teacher's
edition in notebooks/), the student's edition's stub of it counted as
boilerplate (what every student was handed is no sign of copying), by
copydetect (winnowing over the code's tokens, as MOSS does; pinned in
classroom/requirements.txt, the hub's environment only). A pair is flagged
when either side has at least THRESHOLD of its fingerprints in the other and the two share
at least MIN_OVERLAP characters of code.

    .venv-hub/bin/python classroom/similarity.py STAGING EDITION COURSE_NOTEBOOKS

prints the flags as JSON lines; the gradebook calls ``flags`` after each grading.

Text alone misses a copy that is made while the notebook runs (a cell that execs the
course's source with its names changed, or copies a function's code object with a constant
added: issue 49): a notebook whose cells make code at run time (``exec``, ``compile``,
``inspect.getsource``, a ``__code__`` or ``co_`` attribute, ``types.FunctionType``...) has each
of its lesson's exercises flagged as the course's own (``made_at_run_time``), similarity 1.
"""

import ast
import hashlib
import json
import re
import sys
import tempfile
from pathlib import Path

THRESHOLD = 0.8
"""The share of a function's fingerprints found in another's that flags the pair."""
NOISE, GUARANTEE = 8, 10
"""copydetect's k-gram sizes, in characters of the filtered code (names made V, F...): small,
as a lesson's functions are a few lines."""
MIN_OVERLAP = 20
"""The fewest characters of filtered code two functions must share to be flagged: a line such
as ``return True`` (13) is what anyone writes; the course's own flush is 31."""
COURSE = '(course)'
"""The name the course's own version goes by in a flag."""


def stable_hash(text: str) -> int:
    """A k-gram's hash that is the same in every process (a signed 64-bit int, as numpy keeps it).

    copydetect hashes k-grams with Python's ``hash``, which is salted afresh in every
    process: the fingerprints winnowing keeps, and so a short function's similarity, would
    change from one grading to the next. ``flags`` gives copydetect this one instead.
    """
    return int.from_bytes(hashlib.blake2b(text.encode('utf-8'), digest_size=8).digest(), 'big', signed=True)


def definitions(notebook: Path) -> dict:
    """function name -> the source of the last code cell of the notebook that defines it."""
    try:
        cells = json.loads(notebook.read_text(encoding='utf-8'))['cells']
    except (OSError, ValueError, KeyError):
        return {}
    found = {}
    for cell in cells:
        if cell.get('cell_type') != 'code':
            continue
        source = ''.join(cell.get('source', ''))
        for name in re.findall(r'^def (\w+)\(', source, re.M):
            found[name] = source
    return found


RUN_TIME_CALLS = {'exec', 'eval', 'compile', 'getsource', 'getsourcelines', 'FunctionType',
                  'CodeType', 'LambdaType', 'loads'}
"""Calls that make code from text or from another function's code, while a cell runs."""


def made_at_run_time(source: str) -> bool:
    """Does this cell make code at run time (from text, or from another function's code)?

    >>> made_at_run_time("exec(inspect.getsource(ranking).replace('kind', 'k'), globals())")
    True
    >>> made_at_run_time("f = types.FunctionType(kind.__code__.replace(co_consts=()), {})")
    True
    >>> made_at_run_time("def flush(hand):\\n    return len({s for r, s in hand}) == 1")
    False
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and (node.attr == '__code__' or node.attr.startswith('co_')):
            return True
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in RUN_TIME_CALLS and not (name == 'loads' and isinstance(f, ast.Attribute)
                                                and getattr(f.value, 'id', '') == 'json'):
                return True
    return False


def _code_cells(notebook) -> list:
    """The sources of a notebook's code cells ([] if it cannot be read)."""
    try:
        cells = json.loads(Path(notebook).read_text(encoding='utf-8'))['cells']
    except (OSError, ValueError, KeyError, TypeError):
        return []
    return [''.join(c.get('source', '')) for c in cells
            if isinstance(c, dict) and c.get('cell_type') == 'code']


def run_time_flags(staging, edition, exercises) -> list:
    """[{'exercise', 'student', 'other': COURSE, 'similarity': 1.0}] for every exercise of a
    notebook one of whose cells makes code at run time (see made_at_run_time)."""
    lessons, handed = {}, set()
    for notebook in sorted(Path(edition).glob('[0-9][0-9]-*.ipynb')):
        lessons[notebook.name] = sorted(f for f in definitions(notebook) if f in exercises)
        handed |= {source.strip() for source in _code_cells(notebook)}
    rows = []
    for folder in sorted(d for d in Path(staging).iterdir() if d.is_dir()):
        for notebook in sorted(folder.glob('[0-9][0-9]-*.ipynb')):
            if any(made_at_run_time(source) for source in _code_cells(notebook)
                   if source.strip() not in handed):
                rows += [{'exercise': e, 'student': folder.name, 'other': COURSE, 'similarity': 1.0}
                         for e in lessons.get(notebook.name, ())]
    return rows


def flags(staging, edition, course, exercises, threshold=THRESHOLD) -> list:
    """[{'exercise', 'student', 'other', 'similarity'}]: each pair whose code matches, most alike first.

    ``staging``: one folder per student of her graded notebooks (the gradebook's to-grade/);
    ``edition``: the student's edition; ``course``: the teacher's edition (notebooks/).
    """
    import copydetect.utils
    from copydetect import CopyDetector
    copydetect.utils.hash = stable_hash       # its module's name for the hash, read at each call
    staging, edition, course = Path(staging), Path(edition), Path(course)
    with tempfile.TemporaryDirectory(prefix='similarity-') as tmp:
        tmp = Path(tmp)
        handed_out = {}                  # (notebook, function) -> its cell in the student's edition
        for notebook in sorted(edition.glob('[0-9][0-9]-*.ipynb')):
            for function, source in definitions(notebook).items():
                if function in exercises:
                    handed_out[notebook.name, function] = source
                    target = tmp / 'boilerplate' / notebook.stem / f'{function}.py'
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(source, encoding='utf-8')
        written = set()
        for folder, name in [(course, COURSE)] + [(d, d.name) for d in sorted(staging.iterdir()) if d.is_dir()]:
            for notebook in sorted(folder.glob('[0-9][0-9]-*.ipynb')):
                for function, source in definitions(notebook).items():
                    # a function as it was handed out (the course's given code, an untouched
                    # stub) is nobody's work: only what a student wrote is compared
                    if function in exercises and source.strip() != handed_out.get((notebook.name, function), '').strip():
                        target = tmp / 'code' / name / f'{function}.py'
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_text(source, encoding='utf-8')
                        written.add(name)
        students = [tmp / 'code' / n for n in sorted(written - {COURSE})]
        made = run_time_flags(staging, edition, exercises)
        if not students:
            return made
        detector = CopyDetector(
            test_dirs=[str(d) for d in students], ref_dirs=[str(tmp / 'code' / n) for n in sorted(written)],
            boilerplate_dirs=[str(tmp / 'boilerplate')] if (tmp / 'boilerplate').exists() else [],
            extensions=['py'], noise_t=NOISE, guarantee_t=GUARANTEE, display_t=threshold,
            same_name_only=True, autoopen=False, silent=True, out_file=str(tmp / 'report.html'))
        detector.run()
        found = {}
        for test_sim, ref_sim, test_file, ref_file, *_, overlap in detector.get_copied_code_list():
            a, b = Path(test_file), Path(ref_file)
            similarity = max(test_sim, ref_sim)
            if a.parent.name == b.parent.name or similarity < threshold or overlap < MIN_OVERLAP:
                continue
            pair = tuple(sorted([a.parent.name, b.parent.name], key=lambda n: (n != COURSE, n)))
            key = (a.stem, pair)
            found[key] = max(found.get(key, 0), similarity)
        rows = [{'exercise': exercise, 'student': pair[1], 'other': pair[0], 'similarity': round(float(sim), 2)}
                for (exercise, pair), sim in found.items()
                if not any(m['exercise'] == exercise and m['student'] == pair[1] for m in made)]
        rows += made
        return sorted(rows, key=lambda r: (-r['similarity'], r['exercise'], r['student']))


if __name__ == '__main__':
    from pokerlib.practice import exercise_names
    for row in flags(*sys.argv[1:4], exercises=set(exercise_names())):
        print(json.dumps(row))
