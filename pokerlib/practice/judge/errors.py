"""What stops a judge, raised in the judge's own process: an error the student's code raised
(``StudentError``, which a judge may catch), a forbidden course function called, the time
up, the runner gone."""

import builtins

__all__ = ['StudentError', 'CourseCalled', 'TimeUp', 'RunnerGone']


class StudentError(BaseException):
    """An exception raised inside the student's code: `error` stands for it (a builtin
    exception of the same type where there is one), `info` is what the runner said."""

    def __init__(self, info):
        super().__init__(info.get('type'))
        self.info = info
        cls = getattr(builtins, str(info.get('type')), None) if info.get('builtin') else None
        error = None
        if isinstance(cls, type) and issubclass(cls, BaseException):
            try:
                error = cls(info.get('text', ''))
            except Exception:
                error = None
        self.error = error if error is not None else Exception(info.get('text', ''))


class CourseCalled(BaseException):
    """The student's code called a forbidden course function."""


class TimeUp(BaseException):
    """The check's time is up."""


class RunnerGone(BaseException):
    """The runner ended, or sent what is not an answer."""
