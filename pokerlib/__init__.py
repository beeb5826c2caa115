"""pokerlib: the functions of Peter Norvig's poker program, as the course builds them.

>>> from pokerlib import poker, parse_hand
>>> poker([parse_hand('6C 7C 8C 9C TC'), parse_hand('JD JH JS JC 7D')])
[['6C', '7C', '8C', '9C', 'TC']]
"""

from .cards import (DECK, JOKERS, RANKS, SUITS, PokerError, card_id,
                    check_hand, id_card, parse_card, parse_hand)
from .teaching import per_second, same, same_order, source
from .dealing import deal, deal_by_removing
from .classes import hand_classes
from .fairness import (chi_square, count_swaps, exact_shuffle_probabilities,
                       expected_swaps, pass_probability, shuffle_counts,
                       trials_to_detect, within_tolerance)
from .frequencies import EXACT_COUNTS, frequency_table, hand_frequencies
from .fast import (NUM_VALUES, categories, evaluate, exact_counts,
                   fast_hand_frequencies, hand_ids, id_hands)
from .holdem import (best_hand, best_hand_ids, best_wild_hand, best_wild_hands,
                     hand_name, hand_rank_ids, showdown)
from .ranking import (CATEGORIES, COUNT_RANKINGS, HAND_NAMES, allmax,
                      card_ranks, category_name, category_number, flush,
                      group, hand_rank, hand_rank_elif, kind, poker,
                      straight, two_pair, unzip)
from .shuffling import (SHUFFLERS, shuffle1, shuffle2, shuffle3, shuffle4,
                        shuffle_naive, swap)
# a file of hands
from .versus import (iter_versus, iter_versus_lines, make_versus_lines,
                     parse_versus_line, read_versus, score_versus, versus_errors,
                     versus_table, versus_winner)
from .practice import check  # noqa: E402  (last: the exercises import the modules above)

__version__ = '0.1.0'

__all__ = [
    # cards
    'PokerError', 'RANKS', 'SUITS', 'DECK', 'JOKERS', 'parse_card',
    'parse_hand', 'check_hand', 'card_id', 'id_card',
    # ranking
    'card_ranks', 'straight', 'flush', 'kind', 'two_pair', 'hand_rank_elif',
    'group', 'unzip', 'COUNT_RANKINGS', 'hand_rank', 'HAND_NAMES',
    'CATEGORIES', 'category_name', 'category_number', 'allmax', 'poker',
    'hand_classes',
    # teaching
    'same', 'same_order', 'source', 'per_second',
    # more cards
    'best_hand', 'best_wild_hand', 'best_wild_hands', 'hand_name', 'hand_rank_ids',
    'best_hand_ids', 'showdown',
    # dealing and shuffling
    'deal', 'deal_by_removing', 'swap', 'shuffle1', 'shuffle2', 'shuffle3',
    'shuffle4', 'shuffle_naive', 'SHUFFLERS',
    # how often each hand comes up
    'EXACT_COUNTS', 'hand_frequencies', 'frequency_table',
    # is a shuffle fair?
    'shuffle_counts', 'within_tolerance', 'chi_square',
    'exact_shuffle_probabilities', 'pass_probability', 'trials_to_detect', 'count_swaps',
    'expected_swaps',
    # a file of hands
    'parse_versus_line', 'read_versus', 'iter_versus', 'versus_winner', 'score_versus',
    'versus_table', 'versus_errors', 'make_versus_lines', 'iter_versus_lines',
    # fast evaluation
    'hand_ids', 'id_hands', 'evaluate', 'categories', 'NUM_VALUES',
    'exact_counts', 'fast_hand_frequencies',
]
