"""Notebook 04's exercises: deal (the caller's deck untouched, as the statement asks), the
experiments under several seeds, hands_needed on exact boundaries, most_common_seven."""

import math
import random
from collections import Counter

import pytest

from pokerlib import DECK, category_name, deal_by_removing, hand_rank, hand_rank_elif

from practice_support import lesson_tests


def deal_notebook(numhands, n=5, deck=DECK, rng=random):
    cards = list(deck)
    rng.shuffle(cards)
    return [cards[n * i:n * (i + 1)] for i in range(numhands)]


def deal_by_sample(numhands, n=5, deck=DECK, rng=random):
    cards = rng.sample(list(deck), len(deck))
    return [cards[n * i:n * (i + 1)] for i in range(numhands)]


def deal_by_popping(numhands, n=5, deck=DECK, rng=random):
    cards = deck[:]
    rng.shuffle(cards)
    return [[cards.pop(0) for _ in range(n)] for _ in range(numhands)]


def deal_with_replacement(numhands, n=5, deck=DECK, rng=random):
    return [[rng.choice(deck) for _ in range(n)] for _ in range(numhands)]


def deal_unshuffled(numhands, n=5, deck=DECK, rng=random):
    return [list(deck[n * i:n * (i + 1)]) for i in range(numhands)]


def deal_fresh_generator(numhands, n=5, deck=DECK, rng=random):
    return deal_notebook(numhands, n, deck, random.Random(42))


def deal_random_module(numhands, n=5, deck=DECK, rng=random):
    return deal_notebook(numhands, n, deck, random)


def percentages(deal=deal_notebook, rank=hand_rank_elif, extra=0, order=1, size=9):
    def hand_percentages(n=700_000, rng=random):
        counts = [0] * size
        for _ in range(n // 10 + extra):
            for hand in deal(10, rng=rng):
                counts[rank(hand)[0]] += 1
        return [100 * c / n for c in counts][::order]
    return hand_percentages


def hand_percentages_counter(n=700_000, rng=random):
    counts = Counter(hand_rank_elif(h)[0] for _ in range(n // 10) for h in deal_notebook(10, rng=rng))
    return [100 * counts[c] / n for c in range(9)]


def hand_percentages_same_hand(n=700_000, rng=random):
    hands = deal_notebook(10, rng=rng)
    counts = [0] * 9
    for _ in range(n // 10):
        for hand in hands:
            counts[hand_rank_elif(hand)[0]] += 1
    return [100 * c / n for c in counts]


def by_removing(deal=deal_by_removing, count=lambda h: category_name(hand_rank(h)[0])):
    def hand_frequencies_by_removing(n, rng):
        counts = Counter()
        for _ in range(n // 10):
            for hand in deal(10, rng=rng):
                counts[count(hand)] += 1
        return counts
    return hand_frequencies_by_removing


def removing_with_replacement(numhands, n=5, deck=DECK, rng=random):
    return [[rng.choice(deck) for _ in range(n)] for _ in range(numhands)]


def hands_needed_ceil(p, confidence=0.99):
    n = math.ceil(math.log(1 - confidence) / math.log(1 - p))
    return n if 1 - (1 - p) ** n >= confidence else n + 1


def hands_needed_loop(p, confidence=0.99):
    n = 1
    while 1 - (1 - p) ** n < confidence:
        n += 1
    return n


def hands_needed_log1p(p, confidence=0.99):
    n = math.ceil(math.log1p(-confidence) / math.log1p(-p))
    while 1 - (1 - p) ** n < confidence:
        n += 1
    while n > 1 and 1 - (1 - p) ** (n - 1) >= confidence:
        n -= 1
    return n


RIGHT = [
    ('deal', deal_notebook), ('deal', deal_by_sample), ('deal', deal_by_popping),
    ('hand_percentages', percentages()), ('hand_percentages', hand_percentages_counter),
    ('hand_percentages', percentages(deal=deal_by_sample)),
    ('hand_frequencies_by_removing', by_removing()),
    ('hand_frequencies_by_removing', by_removing(deal=deal_notebook)),
    ('hand_frequencies_by_removing', lambda n, rng: Counter(
        category_name(hand_rank(h)[0]) for _ in range(n // 10) for h in deal_by_removing(10, rng=rng))),
    ('hands_needed', hands_needed_ceil), ('hands_needed', hands_needed_loop),
    ('hands_needed', hands_needed_log1p),
    ('most_common_seven', lambda: 'one pair'), ('most_common_seven', 'one pair'),
    ('most_common_seven', lambda: max({'one pair': 2, 'high card': 1}, key=lambda k: k == 'one pair')),
]

WRONG = [
    ('deal', deal_with_replacement, 'fail', 'dealt twice'),
    ('deal', deal_unshuffled, 'fail', 'shuffle the cards before dealing them'),
    ('deal', deal_fresh_generator, 'fail', 'a generator of your own'),
    ('deal', lambda numhands, n=5, deck=DECK, rng=random: deal_notebook(numhands, n, deck, rng)[0],
     'fail', 'a list of hands'),
    # hand_percentages
    ('hand_percentages', percentages(rank=hand_rank, size=10), 'fail', 'nine percentages'),
    ('hand_percentages', percentages(rank=hand_rank), 'error', 'IndexError', 'hand_rank_elif'),
    ('hand_percentages', hand_percentages_same_hand, 'fail', 'is the same hand counted again'),
    ('hand_percentages', percentages(deal=deal_with_replacement), 'error', 'duplicate card',
     'deal without replacement'),
    ('hand_percentages', percentages(deal=deal_random_module), 'fail', 'drew nothing from the rng'),
    # by removing
    ('hand_frequencies_by_removing', by_removing(deal=removing_with_replacement), 'error',
     'deal without replacement'),
    ('hand_frequencies_by_removing', lambda n, rng: by_removing()(n - 10, rng), 'fail',
     'one deal too few'),
    ('hand_frequencies_by_removing', lambda n, rng: by_removing()(n, random.Random(0)), 'fail',
     'drew nothing from the rng'),
    ('hand_frequencies_by_removing', lambda n, rng: by_removing()(n, random.Random()), 'fail',
     'drew nothing from the rng'),
    # hands_needed on exact boundaries
    ('hands_needed', lambda p, c=0.99: math.log(1 - c) / math.log(1 - p), 'fail', 'hands_needed('),
    ('hands_needed', lambda p, c=0.99: round(math.log(1 - c) / math.log(1 - p)), 'fail',
     'hands_needed('),
    ('hands_needed', lambda p, c=0.99: math.ceil(math.log(c) / math.log(1 - p)), 'fail',
     'not enough'),
    # most_common_seven
    ('most_common_seven', lambda: 1, 'fail', 'the name of a category'),
    ('most_common_seven', lambda: ['one pair'], 'fail', 'the name of a category'),
    ('most_common_seven', lambda: 'two pair', 'fail', 'exact % column'),
]


def test_the_scripted_deals_hold_every_category_as_the_quota_says():
    from pokerlib.practice.exercises.lesson04_experiments import (
        FORCED_QUOTA, ScriptedRandom, forced_deals, removing_script, shuffle_script)
    orders = forced_deals()
    counts = [0] * 9
    for order in orders:
        assert sorted(order) == sorted(DECK)
        for i in range(10):
            counts[hand_rank_elif(list(order[5 * i:5 * i + 5]))[0]] += 1
    assert counts == list(FORCED_QUOTA) and min(counts) >= 1 and len(set(counts)) == 9
    # The scripts make rng.shuffle and rng.choice deal exactly those orders.
    rng = ScriptedRandom([j for o in orders for j in shuffle_script(o)], seed=1)
    assert [tuple(c for h in deal_notebook(10, rng=rng) for c in h) for _ in orders] == \
        [o[:50] for o in orders]
    rng = ScriptedRandom([j for o in orders for j in removing_script(o)], seed=1)
    assert [tuple(c for h in deal_by_removing(10, rng=rng) for c in h) for _ in orders] == \
        [o[:50] for o in orders]


(test_right_versions_pass, test_wrong_versions_fail_and_say_why,
 test_every_exercise_here_has_three_right_and_five_wrong_versions) = lesson_tests(RIGHT, WRONG)


def test_a_chinese_student_may_count_by_the_names_she_reads():
    """Exercise 2 takes a Counter keyed 一对 in a Chinese notebook, as exercise 3 and
    notebook 03's exercise do (issue 44: one rule for the categories' names)."""
    from pokerlib.i18n import _, set_language
    from practice_support import verdict
    set_language('zh_CN')
    try:
        names = {name: _(name) for name in map(category_name, (0, 1, 2, 3, 4, 5, 6, 7, 9))}
        assert names['one pair'] == '一对'
        verdict(by_removing(count=lambda h: names[category_name(hand_rank(h)[0])]),
                'hand_frequencies_by_removing', 'pass')
        # and a wrong count in Chinese keys is still wrong
        verdict(lambda n, rng: Counter({'一对': n}), 'hand_frequencies_by_removing', 'fail')
    finally:
        set_language('en')


@pytest.mark.slow
def test_most_common_seven_by_the_course_s_own_way_has_room_on_a_loaded_machine():
    """exact_counts(7), the way notebook 04 shows, took 4-6 s on a busy two-core machine
    against a limit of 5 s (issue 40): the limit is now at least four times what it takes
    in a fresh process here, import included, and the course's way passes."""
    import subprocess
    import sys
    import time
    from pokerlib.practice.exercises import EXERCISES
    from practice_support import verdict
    start = time.perf_counter()
    subprocess.run([sys.executable, '-I', '-c', 'from pokerlib.fast import exact_counts; '
                    'exact_counts(7)'], check=True)
    took = time.perf_counter() - start
    assert EXERCISES['most_common_seven'].seconds >= max(4 * took, 20), took

    def most_common_seven():
        from pokerlib import exact_counts
        counts = exact_counts(7)
        return max(counts, key=counts.get)
    verdict(most_common_seven, 'most_common_seven', 'pass')
