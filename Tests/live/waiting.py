"""Waiting for a thing to happen, for the live tests: never a sleep that hopes it has.

`wait_for(what, condition)` looks at `condition()` until it gives something true and returns that;
after `seconds` it raises `WaitedTooLong` naming `what` (and the last value seen, when `describe`
says how to show it). It returns as soon as the thing has happened, so its deadline is set far
beyond any machine's pace (two busy loops on both cores included); the deadline only bounds how
long a broken build hangs."""
import time

# Generous on purpose: a wait ends when its thing happens, not when its deadline does.
DEADLINE = 120


class WaitedTooLong(AssertionError):
    pass


def wait_for(what, condition, seconds=DEADLINE, every=0.02, describe=None):
    deadline = time.monotonic() + seconds
    while True:
        try:
            value = condition()
        except OSError:
            value = None
        if value:
            return value
        if time.monotonic() >= deadline:
            seen = f"; last seen: {describe()}" if describe else ""
            raise WaitedTooLong(f"waited {seconds} s for {what}; it did not happen{seen}")
        time.sleep(every)
