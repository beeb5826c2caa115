"""What each lesson gives the student (its notebooks' imports of the course, but its own
exercises: ``pokerlib.grading.wall.given``), as data: the grader's student pokerlib of a
lesson holds what it and the lessons before it give (``given_through``); and while an
exercise is judged, in her check as in the official grade, every course function that no
lesson gives (its private helpers) runs for the course's own code only (``guard.wall_off``).
tests/practice/test_wall.py keeps it equal to what the notebooks import."""

__all__ = ['GIVEN', 'given_through', 'given_refs']

GIVEN = {'01': {'pokerlib': ('DECK', 'card_ranks', 'flush', 'hand_rank_elif', 'kind', 'parse_hand',
                     'source', 'straight', 'two_pair'),
        'pokerlib.i18n': ('set_language',),
        'pokerlib.practice': ('check',),
        'pokerlib.teaching': ('BEST_TO_WORST', 'ranking_problems')},
 '02': {'pokerlib': ('DECK', 'EXACT_COUNTS', 'deal', 'flush', 'hand_classes', 'hand_name',
                     'hand_rank', 'parse_hand', 'source'),
        'pokerlib.i18n': ('set_language',),
        'pokerlib.practice': ('check',)},
 '03': {'pokerlib': ('COUNT_RANKINGS', 'DECK', 'HAND_NAMES', 'category_name', 'hand_classes',
                     'hand_rank_elif', 'parse_hand', 'per_second', 'same_order', 'source'),
        'pokerlib.i18n': ('set_language',),
        'pokerlib.practice': ('check',)},
 '04': {'pokerlib': ('DECK', 'EXACT_COUNTS', 'HAND_NAMES', 'category_name', 'deal_by_removing',
                     'frequency_table', 'hand_classes', 'hand_frequencies', 'hand_name',
                     'hand_rank', 'hand_rank_elif', 'source'),
        'pokerlib.controls': ('explore_hand_frequencies',),
        'pokerlib.i18n': ('set_language',),
        'pokerlib.practice': ('check',)},
 '05': {'pokerlib': ('SHUFFLERS', 'chi_square', 'count_swaps', 'exact_shuffle_probabilities',
                     'expected_swaps', 'pass_probability', 'shuffle1', 'shuffle3', 'shuffle4',
                     'shuffle_counts', 'shuffle_naive', 'source', 'swap', 'trials_to_detect'),
        'pokerlib.controls': ('explore_shuffles',),
        'pokerlib.figures': ('ASSETS',),
        'pokerlib.i18n': ('set_language',),
        'pokerlib.practice': ('check',)},
 '06': {'pokerlib': ('DECK', 'best_hand_ids', 'card_id', 'frequency_table', 'hand_frequencies',
                     'hand_rank', 'hand_rank_ids', 'hand_rank_wild', 'id_card', 'parse_hand',
                     'per_second', 'same', 'showdown', 'source'),
        'pokerlib.holdem': ('replacements',),
        'pokerlib.i18n': ('set_language',),
        'pokerlib.practice': ('check',)},
 '07': {'pokerlib': ('hand_rank', 'parse_versus_line', 'read_versus', 'score_versus', 'source',
                     'versus_errors', 'versus_table', 'versus_winner'),
        'pokerlib.cli': ('main',),
        'pokerlib.i18n': ('set_language',),
        'pokerlib.practice': ('check',)},
 '08': {'pokerlib': ('DECK', 'EXACT_COUNTS', 'HAND_NAMES', 'best_hand', 'flush',
                     'frequency_table', 'hand_name', 'hand_rank', 'per_second', 'same_order',
                     'source'),
        'pokerlib.fast': ('RANK_WEIGHTS', '_tally', 'categories', 'evaluate', 'exact_counts',
                          'fast_hand_frequencies', 'hand_ids', 'id_hands'),
        'pokerlib.figures': ('ASSETS', 'BENCHMARKS'),
        'pokerlib.i18n': ('set_language',),
        'pokerlib.plotting': ('contender_name',),
        'pokerlib.practice': ('check',)}}
"""{lesson: {module: (names...)}}: what each lesson's notebooks import from pokerlib."""


def given_through(lesson) -> dict:
    """{module: (names...)}: what this lesson and every one before it gives (a tool of an
    earlier lesson is hers in a later one: lesson 04's hand_percentages may deal with
    lesson 02's deal)."""
    found = {}
    for earlier, modules in GIVEN.items():
        if earlier <= lesson:
            for module, names in modules.items():
                found.setdefault(module, set()).update(names)
    return {module: tuple(sorted(names)) for module, names in sorted(found.items())}


def given_refs(lessons) -> list:
    """The 'module:name' of everything these lessons (and those before them) give, sorted."""
    return sorted({f'{module}:{name}' for lesson in lessons
                   for module, names in given_through(lesson).items() for name in names})
