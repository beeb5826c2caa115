"""Notebook 05's exercises: shuffles judged exactly whichever random.Random methods they use,
and by a chi-square test where floats are drawn; never blamed for the checker's limits."""

import random
from fractions import Fraction

import pytest

from pokerlib import exact_shuffle_probabilities, shuffle_naive, swap

from practice_support import lesson_tests, verdict


def knuth_randrange(deck, rng):
    N = len(deck)
    for i in range(N - 1):
        swap(deck, i, rng.randrange(i, N))


def knuth_backwards_randint(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randint(0, i)
        deck[i], deck[j] = deck[j], deck[i]


def knuth_with_floats(deck, rng):
    N = len(deck)
    for i in range(N - 1):
        j = i + int(rng.random() * (N - i))
        deck[i], deck[j] = deck[j], deck[i]


def knuth_with_uniform(deck, rng):
    N = len(deck)
    for i in range(N - 1):
        j = min(N - 1, i + int(rng.uniform(0, N - i)))
        deck[i], deck[j] = deck[j], deck[i]


def shuffle_by_sample(deck, rng):
    deck[:] = rng.sample(deck, len(deck))


def shuffle_by_rng_shuffle(deck, rng):
    rng.shuffle(deck)


def shuffle_by_choice(deck, rng):
    rest = list(deck)
    for i in range(len(deck)):
        card = rng.choice(rest)
        rest.remove(card)
        deck[i] = card


def shuffle_by_getrandbits(deck, rng):
    N = len(deck)
    for i in range(N - 1):
        while True:
            j = rng.getrandbits(3)
            if j < N - i:
                break
        swap(deck, i, i + j)


def shuffle_by_getrandbits_retry(deck, rng):
    N = len(deck)
    for i in range(N - 1):
        bits = (N - i - 1).bit_length()
        while True:
            j = rng.getrandbits(bits)
            if j < N - i:
                break
        swap(deck, i, i + j)


def shuffle_by_choices(deck, rng):
    rest = list(deck)
    for i in range(len(deck)):
        card = rng.choices(rest)[0]
        rest.remove(card)
        deck[i] = card


def naive(deck, rng):
    N = len(deck)
    for i in range(N):
        swap(deck, i, rng.randrange(N))


def sattolo_right(deck, rng):
    N = len(deck)
    for i in range(N - 1):
        swap(deck, i, rng.randrange(i + 1, N))


def sattolo_backwards(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i)
        deck[i], deck[j] = deck[j], deck[i]


def sattolo_floats(deck, rng):
    N = len(deck)
    for i in range(N - 1):
        j = i + 1 + int(rng.random() * (N - i - 1))
        deck[i], deck[j] = deck[j], deck[i]


def sattolo_stopping_early(deck, rng):
    N = len(deck)
    for i in range(N - 2):
        swap(deck, i, rng.randrange(i + 1, N))


def teachers_shuffle(deck, rng):
    N = len(deck)
    swapped = [False] * N
    while not all(swapped):
        i, j = rng.randrange(N), rng.randrange(N)
        swapped[i] = swapped[j] = True
        swap(deck, i, j)


def by_sorting_wide_keys(deck, rng):
    keys = {c: rng.randrange(10 ** 9) for c in deck}
    deck.sort(key=keys.get)


def most_likely_lecture():
    probabilities = exact_shuffle_probabilities(shuffle_naive, 'abcd')
    return max(probabilities.items(), key=lambda item: item[1])


RIGHT = [
    ('shuffle2', knuth_randrange), ('shuffle2', knuth_backwards_randint),
    ('shuffle2', knuth_with_floats), ('shuffle2', knuth_with_uniform),
    ('shuffle2', shuffle_by_sample), ('shuffle2', shuffle_by_rng_shuffle),
    ('shuffle2', shuffle_by_choice), ('shuffle2', shuffle_by_getrandbits_retry),
    ('shuffle2', shuffle_by_choices),
    ('shuffle', knuth_randrange), ('shuffle', shuffle_by_rng_shuffle), ('shuffle', knuth_with_floats),
    ('sattolo', sattolo_right), ('sattolo', sattolo_backwards), ('sattolo', sattolo_floats),
    ('shuffle_by_sorting', lambda deck, rng: deck.sort(key=lambda card: rng.random())),
    ('shuffle_by_sorting', by_sorting_wide_keys),
    ('shuffle_by_sorting', lambda deck, rng: deck.sort(key=lambda c: rng.uniform(0, 1))),
    ('most_likely_naive', most_likely_lecture),
    ('most_likely_naive', lambda: ('badc', Fraction(15, 256))),
    ('most_likely_naive', ['badc', 15 / 256]),
]

WRONG = [
    ('shuffle2', lambda deck, rng: sorted(deck, key=lambda c: rng.random()), 'fail', 'in place'),
    ('shuffle2', teachers_shuffle, 'fail', 'bounds'),
    ('shuffle2', lambda deck, rng: knuth_randrange(deck, random), 'fail',
     'not the random module'),
    ('shuffle2', lambda deck, rng: deck.reverse(), 'fail', 'shuffle2(list('),
    ('shuffle2', lambda deck, rng: [deck.append(deck.pop(rng.randrange(len(deck))))
                                    for _ in range(1)], 'fail', 'shuffle2(list('),
    ('shuffle2', lambda deck, rng: deck.__setitem__(0, 'z'), 'fail', 'exactly once'),
    ('shuffle', teachers_shuffle, 'fail', 'bounds'),
    ('shuffle', lambda deck, rng: deck.sort(key=lambda c: rng.randrange(4)), 'fail', 'shuffle('),
    ('shuffle', lambda deck, rng: deck.reverse(), 'fail', 'shuffle(list('),
    ('sattolo', sattolo_stopping_early, 'fail', "sattolo(list('ab'), rng)",
     "'ab' comes out with probability 1", 'should never come out'),
    ('sattolo', naive, 'fail', 'should never come out'),
    ('sattolo', lambda deck, rng: deck.reverse(), 'fail', 'sattolo(list('),
    ('sattolo', lambda deck, rng: sattolo_right(deck[:], rng), 'fail', 'the deck unchanged'),
    ('shuffle_by_sorting', lambda deck, rng: sorted(deck, key=lambda c: rng.random()), 'fail',
     'in place'),
    ('shuffle_by_sorting', lambda deck, rng: deck.sort(key=lambda c: rng.random() ** 0.1 +
                                                     (c == 'a')), 'fail', 'chi-square'),
    ('shuffle_by_sorting', lambda deck, rng: deck.sort(reverse=True), 'fail', 'shuffle_by_sorting('),
    ('most_likely_naive', lambda: 'badc', 'fail', 'a pair'),
    ('most_likely_naive', lambda: max(exact_shuffle_probabilities(shuffle_naive, 'abcd').items()),
     'fail', 'not the largest'),
    ('most_likely_naive', lambda: (Fraction(15, 256), 'badc'), 'fail', 'most_likely_naive'),
]


@pytest.mark.slow
def test_exact_where_the_enumeration_can_follow_and_the_full_deck_where_it_cannot():
    verdict(shuffle_by_sample, 'shuffle2', 'pass', 'exactly', 'decks of 2 to 6 cards')
    verdict(shuffle_by_getrandbits_retry, 'shuffle2', 'pass', 'no exact check')  # without end
    verdict(knuth_with_floats, 'shuffle2', 'pass', 'draws floats')
    verdict(shuffle_by_choices, 'shuffle2', 'pass', 'draws floats')
    # getrandbits(3) can only reach 8 positions ahead: fair on small decks, not on 52 cards
    verdict(shuffle_by_getrandbits, 'shuffle2', 'fail', 'chi-square test')


(test_right_versions_pass, test_wrong_versions_fail_and_say_why,
 test_every_exercise_here_has_three_right_and_five_wrong_versions) = lesson_tests(RIGHT, WRONG)
