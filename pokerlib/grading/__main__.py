"""The worker's entry point: ``python -I -m pokerlib.grading --worker NOTEBOOK EXERCISES_JSON TIMEOUT OUT``.

The teacher's batch (``pokerlib.grading.batch``) starts it in each notebook's
sandbox; what it runs is ``pokerlib.grading.worker.main``.
"""

import sys

if __name__ == '__main__':
    if sys.argv[1:2] == ['--worker']:
        from .worker import main
        sys.exit(main(sys.argv[2:]))
    sys.exit('usage: pokerlib grade PATH... (python -m pokerlib.grading is the grader\'s worker)')
