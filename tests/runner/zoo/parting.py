"""Answers like the reference, then says goodbye on stdout at EOF: a line after the answer to
the last request of its process, which fails that request (extra_output) in a single run, a
campaign and the runner alike."""

import _zoo

_zoo.serve()
_zoo.write(b"bye\n")
