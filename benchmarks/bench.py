"""Benchmark pokerlib.fast against other hand evaluators, and against Norvig's hand_rank.

    make bench                     # builds .venv-bench, then runs this file with it
    .venv-bench/bin/python benchmarks/bench.py [--out benchmarks/results.csv]

This script installs nothing. A library that is not importable is skipped.

What is measured, for hands of five and of seven cards:

* the same seeded random hands for everyone (generated once, here, and
  written to a temporary .npy file); each contender converts them to its own
  card format before the clock starts, and runs in a process of its own;
* libraries through their per-hand API (one call per hand), pokerlib.fast in
  bulk (one call for all the hands), and Norvig's hand_rank (five cards) and
  hand_rank(best_hand(hand)) (seven cards) from pokerlib, on fewer hands;
* each measurement repeated (--repeats, default 5); the median is reported;
* every contender's answers on the first hands are checked to order them
  exactly as pokerlib.fast does (column 'agrees');
* the time pokerlib.fast takes to rank every hand (exact_counts), for five
  and for seven cards, and the peak resident memory of that process.
"""

import argparse
import csv
import gc
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

SEED = 2026
CHECK = 5_000         # hands whose answers are checked against pokerlib.fast
FAST = 'pokerlib fast'
NORVIG = 'Norvig hand_rank'
# How many of the hands each contender evaluates per repeat (times --scale):
# about a second's work each on a 2-core 2020s machine.
SIZES = {
    FAST: {5: 1_000_000, 7: 1_000_000},
    'eval7': {5: 1_000_000, 7: 1_000_000},
    'phevaluator': {5: 1_000_000, 7: 1_000_000},
    'treys': {5: 500_000, 7: 100_000},
    'pokerkit': {5: 50_000, 7: 10_000},
    NORVIG: {5: 100_000, 7: 20_000},
    FAST + ' (one hand a call)': {5: 20_000, 7: 20_000},
}
CONTENDERS = list(SIZES)


# ---------------------------------------------------------------------------
# Workers: each runs in its own process and prints one line of JSON.

def card_names(ids):
    """Card ids (pokerlib's encoding) -> two-character names such as 'As'."""
    from pokerlib import DECK
    return [DECK[i][0] + DECK[i][1].lower() for i in ids]


def ordinal(items, key=None):
    """Rank items by their own order: 0 for the lowest, equal items alike."""
    order = sorted(range(len(items)), key=lambda i: items[i] if key is None else key(items[i]))
    out = [0] * len(items)
    rank = 0
    for a, b in zip(order, order[1:]):
        if items[a] != items[b]:
            rank += 1
        out[b] = rank
    return out


def prepare(name, hands):
    """(version, API, function of one hand, hands in its format, higher_is_better)."""
    if name == 'eval7':
        import eval7
        from importlib.metadata import version
        deck = {c: eval7.Card(c) for c in card_names(range(52))}
        return (version('eval7'), 'eval7.evaluate(cards)', eval7.evaluate,
                [[deck[c] for c in card_names(h)] for h in hands], True)
    if name == 'phevaluator':
        from importlib.metadata import version
        from phevaluator import Card, evaluate_cards
        ids = [Card(c).id_ for c in card_names(range(52))]
        return (version('phevaluator'), 'evaluate_cards(*cards)', lambda h: evaluate_cards(*h),
                [tuple(ids[i] for i in h) for h in hands], False)
    if name == 'treys':
        from importlib.metadata import version
        from treys import Card, Evaluator
        ids = [Card.new(c) for c in card_names(range(52))]
        evaluate = Evaluator().evaluate
        split = [([ids[i] for i in h[:2]], [ids[i] for i in h[2:]]) for h in hands]
        return (version('treys'), 'Evaluator().evaluate(hand, board)',
                lambda hb: evaluate(*hb), split, False)
    if name == 'pokerkit':
        from importlib.metadata import version
        from pokerkit import Card, StandardHighHand
        deck = {c: next(iter(Card.parse(c))) for c in card_names(range(52))}
        from_game = StandardHighHand.from_game
        return (version('pokerkit'), 'StandardHighHand.from_game(cards)', from_game,
                [tuple(deck[c] for c in card_names(h)) for h in hands], True)
    if name == NORVIG:
        import pokerlib
        from pokerlib import DECK, best_hand, hand_rank
        k = len(hands[0])
        if k == 5:
            api, f = 'hand_rank(hand)', hand_rank
        else:
            api, f = 'hand_rank(best_hand(hand))', lambda h: hand_rank(best_hand(h))
        return (pokerlib.__version__, api, f, [[DECK[i] for i in h] for h in hands], True)
    if name == FAST + ' (one hand a call)':
        import pokerlib
        from pokerlib import evaluate
        return (pokerlib.__version__, 'evaluate(one row)', lambda h: int(evaluate(h)[0]),
                [h[None, :] for h in hands], True)
    raise ValueError(f'unknown contender {name!r}')


def timed(f, repeats) -> list:
    """Seconds taken by f(), repeats times."""
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return times


def worker_evaluate(name, hands_file, repeats, scale) -> dict:
    """Time one contender on five- and seven-card hands."""
    everything = np.load(hands_file)
    out = {'contender': name, 'results': []}
    for cards in (5, 7):
        n = max(CHECK, int(SIZES[name][cards] * scale))
        hands = np.ascontiguousarray(everything[:n, :cards])
        if name == FAST:
            import pokerlib
            from pokerlib import evaluate
            version = pokerlib.__version__
            evaluate(hands[:10])                     # build the tables first
            times = timed(lambda hands=hands: evaluate(hands), repeats)
            check = evaluate(hands[:CHECK]).tolist()
            api = 'bulk: evaluate(array)'
        else:
            version, api, f, converted, higher_better = prepare(name, list(hands))
            for h in converted[:100]:                # warm up
                f(h)
            times = timed(lambda f=f, converted=converted: [f(h) for h in converted], repeats)
            answers = [f(h) for h in converted[:CHECK]]
            if name == 'pokerkit' or name == NORVIG:
                check = ordinal(answers)
            else:
                check = [a if higher_better else -a for a in answers]
            api = 'per hand: ' + api
        out['results'].append({'cards': cards, 'hands': n, 'api': api,
                               'version': version, 'times': times, 'check': check})
    return out


def worker_enumerate(repeats) -> dict:
    """Time exact_counts(5) and exact_counts(7); peak memory of this process."""
    from pokerlib import EXACT_COUNTS, exact_counts
    results = []
    for cards in (5, 7):
        start = time.perf_counter()
        first = exact_counts(cards)
        cold = time.perf_counter() - start          # includes building the tables
        times = timed(lambda cards=cards: exact_counts(cards), repeats)
        results.append({'cards': cards, 'cold': cold, 'times': times,
                        'correct': first == EXACT_COUNTS[cards]})
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss   # KB on Linux
    return {'contender': FAST, 'results': results, 'peak_rss_mb': peak_kb / 1024}


# ---------------------------------------------------------------------------
# The parent: hands, processes, the table.

def run_worker(args) -> dict:
    """Run this file as a worker with args; its JSON answer, or why it failed."""
    proc = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ['(no message)'])[-1]
        return {'skipped': last}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def one_to_one_increasing(a, b) -> bool:
    """Do values a and values b order the same items alike, ties included?"""
    pairs = sorted(set(zip(a, b)))
    firsts = [x for x, y in pairs]
    seconds = [y for x, y in pairs]
    return len(set(firsts)) == len(pairs) and all(
        y1 < y2 for y1, y2 in zip(seconds, seconds[1:]))


def machine() -> dict:
    """Date, CPU, cores, Python, NumPy: the context of the figures."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path('/proc/cpuinfo').read_text().splitlines():
            if line.startswith('model name'):
                cpu = line.split(':', 1)[1].strip()
                break
    except OSError:
        pass
    return {'date': time.strftime('%Y-%m-%d %H:%M %Z'), 'cpu': cpu,
            'cores': len(os.sched_getaffinity(0)), 'python': platform.python_version(),
            'numpy': np.__version__}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--out', help='write the results to this .csv or .json file')
    parser.add_argument('--repeats', type=int, default=5, help='repeats per measurement (median)')
    parser.add_argument('--scale', type=float, default=1.0,
                        help='multiply the number of hands per contender (e.g. 0.1 for a quick run)')
    parser.add_argument('--only', nargs='+', choices=CONTENDERS + ['enumerate'],
                        help='run only these contenders')
    parser.add_argument('--seed', type=int, default=SEED)
    parser.add_argument('--worker', help=argparse.SUPPRESS)
    parser.add_argument('--hands-file', help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.worker == 'enumerate':
        print(json.dumps(worker_enumerate(args.repeats)))
        return
    if args.worker:
        print(json.dumps(worker_evaluate(args.worker, args.hands_file, args.repeats, args.scale)))
        return

    info = machine()
    todo = args.only or CONTENDERS + ['enumerate']
    most = max(max(SIZES[name].values()) for name in CONTENDERS)
    most = max(CHECK, int(most * args.scale))
    rng = np.random.default_rng(args.seed)
    # The first seven cards of shuffled decks; the five-card hands are their first five.
    hands = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (most, 1)), axis=1)[:, :7]

    rows = []
    reports = {}
    with tempfile.TemporaryDirectory() as tmp:
        hands_file = os.path.join(tmp, 'hands.npy')
        np.save(hands_file, hands)
        for name in todo:
            print(f'running {name}...', file=sys.stderr, flush=True)
            if name == 'enumerate':
                reports[name] = run_worker(['--worker', 'enumerate', '--repeats', str(args.repeats)])
            else:
                reports[name] = run_worker(['--worker', name, '--hands-file', hands_file,
                                            '--repeats', str(args.repeats),
                                            '--scale', str(args.scale)])

    # Rates, ratios and checks.
    rate, check = {}, {}
    for name, report in reports.items():
        if name == 'enumerate' or 'skipped' in report:
            continue
        for r in report['results']:
            rate[name, r['cards']] = r['hands'] / statistics.median(r['times'])
            check[name, r['cards']] = r['check']
    for name, report in reports.items():
        base = {**info, 'contender': name if name != 'enumerate' else FAST}
        if 'skipped' in report:
            rows.append({**base, 'measure': 'evaluate', 'api': 'skipped: ' + report['skipped']})
            continue
        if name == 'enumerate':
            for r in report['results']:
                rows.append({**base, 'measure': 'enumerate every hand', 'api': 'exact_counts',
                             'cards': r['cards'], 'hands': {5: 2_598_960, 7: 133_784_560}[r['cards']],
                             'repeats': len(r['times']), 'median_s': statistics.median(r['times']),
                             'first_call_s': r['cold'], 'agrees': r['correct'],
                             'peak_rss_mb': report['peak_rss_mb']})
                rows[-1]['per_second'] = rows[-1]['hands'] / rows[-1]['median_s']
            continue
        for r in report['results']:
            cards = r['cards']
            here = rate[name, cards]
            agrees = (one_to_one_increasing(check[FAST, cards], r['check'])
                      if (FAST, cards) in check else None)
            rows.append({**base, 'measure': 'evaluate', 'version': r['version'], 'api': r['api'],
                         'cards': cards, 'hands': r['hands'], 'repeats': len(r['times']),
                         'median_s': statistics.median(r['times']), 'per_second': here,
                         'fast_ratio': rate[FAST, cards] / here if (FAST, cards) in rate else None,
                         'norvig_ratio': rate[NORVIG, cards] / here if (NORVIG, cards) in rate else None,
                         'agrees': agrees})

    print_table(rows, info, args)
    if args.out:
        write(rows, args.out)
        print(f'\nwrote {args.out}')


COLUMNS = ['date', 'cpu', 'cores', 'python', 'numpy', 'measure', 'contender', 'version', 'api',
           'cards', 'hands', 'repeats', 'median_s', 'first_call_s', 'per_second', 'fast_ratio',
           'norvig_ratio', 'agrees', 'peak_rss_mb']


def write(rows, path):
    """Save rows as CSV (or JSON, if the name ends in .json)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == '.json':
        path.write_text(json.dumps(rows, indent=1) + '\n')
        return
    with path.open('w', newline='') as f:
        w = csv.DictWriter(f, COLUMNS)
        w.writeheader()
        for row in rows:
            w.writerow({k: (f'{v:.6g}' if isinstance(v, float) else v)
                        for k, v in row.items() if k in COLUMNS})


def print_table(rows, info, args):
    """The results as a plain-text table."""
    print(f"{info['date']} | {info['cpu']}, {info['cores']} cores | Python {info['python']}, "
          f"NumPy {info['numpy']} | seed {args.seed}, median of {args.repeats}")
    print()
    head = (f"{'contender':34} {'version':8} {'cards':>5} {'hands':>10} {'evals/s':>12} "
            f"{'fast/this':>10} {'norvig/this':>11} {'agrees':>6}")
    print(head)
    print('-' * len(head))
    for row in rows:
        if row['measure'] != 'evaluate':
            continue
        if 'cards' not in row:
            print(f"{row['contender']:34} {row['api']}")
            continue
        label = row['contender'] + (' (bulk)' if row['contender'] == FAST else '')
        fr = f"{row['fast_ratio']:.1f}x" if row.get('fast_ratio') else '-'
        nr = f"{row['norvig_ratio']:.3g}x" if row.get('norvig_ratio') else '-'
        ag = {True: 'yes', False: 'NO', None: '-'}[row['agrees']]
        print(f"{label:34} {row['version']:8} {row['cards']:>5} {row['hands']:>10,} "
              f"{row['per_second']:>12,.0f} {fr:>10} {nr:>11} {ag:>6}")
    apis = {}
    for row in rows:
        if row['measure'] == 'evaluate' and 'cards' in row:
            apis.setdefault(row['contender'], []).append(row['api'])
    print('\nAPIs timed: ' + '; '.join(f"{name}: {' / '.join(dict.fromkeys(a))}"
                                      for name, a in apis.items()))
    enum = [row for row in rows if row['measure'] != 'evaluate']
    if enum:
        print()
        print('pokerlib fast, every hand ranked and counted (exact_counts, one process):')
        for row in enum:
            print(f"  {row['cards']} cards: {row['hands']:>11,} hands, median {row['median_s']:.3f} s "
                  f"({row['per_second'] / 1e6:.0f} M hands/s); first call {row['first_call_s']:.3f} s; "
                  f"counts correct: {row['agrees']}")
        print('  (the first call builds the tables it needs; five cards come first, so theirs '
              'includes the\n   tables common to all sizes and the list of every five-card subset)')
        print(f"  peak resident memory of that process: {enum[0]['peak_rss_mb']:.0f} MB")


if __name__ == '__main__':
    main()
