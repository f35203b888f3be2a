"""Wordle feedback: the per-pair reference, user-facing strings, and the guesses x answers matrix.

A pattern is an integer: position ``i`` contributes ``digit * 3**i`` with digit 0 grey, 1 yellow,
2 green (see :mod:`wordgames.wordle.core`). Duplicate letters follow the real game: greens
are assigned first; then, left to right, a non-green guess letter is yellow while the answer still has
an unmatched copy of that letter (one not already green or already used by an earlier yellow), else grey.

Three matrix builders give identical results (tested):

- :func:`build_matrix` (numba, parallel over guesses): the one the pipeline and the CLI use;
- :func:`build_matrix_numpy`: a straightforward vectorised numpy version (benchmark baseline);
- :func:`build_matrix_python`: :func:`feedback` on every pair (pure Python, slow).
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np

from wordgames.errors import InputError

GREY, YELLOW, GREEN = 0, 1, 2
SQUARES = {"⬛": GREY, "⬜": GREY, "🟨": YELLOW, "🟩": GREEN}
LETTER_CODES = {
    "g": GREEN,
    "y": YELLOW,
    ".": GREY,
    "b": GREY,
    "x": GREY,
    "-": GREY,
    "_": GREY,
    "0": GREY,
    "1": YELLOW,
    "2": GREEN,
}
SQUARE_OF = {GREY: "⬛", YELLOW: "🟨", GREEN: "🟩"}


def pattern_dtype(word_length: int) -> np.dtype:
    """uint8 when every pattern fits (3**L <= 256), else uint16 (3**10 = 59049 still fits)."""
    if 3**word_length <= 256:
        return np.dtype(np.uint8)
    if 3**word_length <= 65536:
        return np.dtype(np.uint16)
    return np.dtype(np.uint32)


# the reference -----------------------------------------------------------------------------------
def feedback(guess: str, answer: str) -> int:
    """The pattern ``guess`` gets when the answer is ``answer`` (plain, per pair)."""
    if len(guess) != len(answer):
        raise ValueError(f"{guess!r} and {answer!r} differ in length")
    digits = [GREY] * len(guess)
    unmatched: dict[str, int] = {}
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            digits[i] = GREEN
        else:
            unmatched[a] = unmatched.get(a, 0) + 1
    for i, g in enumerate(guess):
        if digits[i] != GREEN and unmatched.get(g, 0) > 0:
            digits[i] = YELLOW
            unmatched[g] -= 1
    return digits_to_pattern(digits)


def digits_to_pattern(digits: Sequence[int]) -> int:
    return sum(int(d) * 3**i for i, d in enumerate(digits))


def pattern_to_digits(pattern: int, word_length: int) -> list[int]:
    out = []
    for _ in range(word_length):
        out.append(pattern % 3)
        pattern //= 3
    return out


def all_green(word_length: int) -> int:
    return 3**word_length - 1


# user strings ------------------------------------------------------------------------------------
def parse_feedback(text: str, word_length: int) -> int:
    """A pattern from what the user typed: ``gy..g``, ``21002`` or coloured squares.

    Letters: ``g`` green, ``y`` yellow, and ``.``, ``b``, ``x``, ``-``, ``_`` grey; digits 2/1/0;
    squares 🟩 🟨 and ⬛ or ⬜. Case and surrounding spaces are ignored.
    """
    raw = text.strip()
    cleaned = "".join(ch for ch in raw if ch not in " \ufe0f").lower()
    if not cleaned:
        raise InputError("empty feedback: type e.g. gy..g, 21002 or the coloured squares")
    digits = []
    for pos, ch in enumerate(cleaned, start=1):
        if ch in SQUARES:
            digits.append(SQUARES[ch])
        elif ch in LETTER_CODES:
            digits.append(LETTER_CODES[ch])
        else:
            raise InputError(
                f"malformed feedback {raw!r}: character {pos} {ch!r} is not one of g y . (or 2 1 0, "
                "or 🟩 🟨 ⬛)"
            )
    if len(digits) != word_length:
        raise InputError(
            f"malformed feedback {raw!r}: {len(digits)} marks for a {word_length}-letter word"
        )
    return digits_to_pattern(digits)


def format_squares(pattern: int, word_length: int) -> str:
    return "".join(SQUARE_OF[d] for d in pattern_to_digits(pattern, word_length))


def format_letters(pattern: int, word_length: int) -> str:
    return "".join(".yg"[d] for d in pattern_to_digits(pattern, word_length))


# the matrix --------------------------------------------------------------------------------------
def encode(words: Sequence[str]) -> np.ndarray:
    """uint8 [n, L] letter codes 0..25."""
    if not words:
        return np.zeros((0, 0), dtype=np.uint8)
    joined = "".join(words).encode("ascii")
    arr = np.frombuffer(joined, dtype=np.uint8).reshape(len(words), len(words[0]))
    return (arr - ord("a")).astype(np.uint8)


@numba.njit(cache=True, inline="always")
def pair_code(g, a, counts, length):
    """Pattern of letter codes ``g`` vs ``a``; ``counts`` is a zeroed int8[26], left zeroed."""
    code = 0
    power = 1
    green = 0  # bit i set when position i is green
    for i in range(length):
        if g[i] == a[i]:
            green |= 1 << i
        else:
            counts[a[i]] += 1
    for i in range(length):
        if green & (1 << i):
            code += 2 * power
        elif counts[g[i]] > 0:
            code += power
            counts[g[i]] -= 1
        power *= 3
    for i in range(length):  # leave counts zeroed for the next pair
        counts[a[i]] = 0
    return code


@numba.njit(cache=True)
def _letter_masks(codes):
    """int32 bit mask of the letters of each word."""
    out = np.zeros(codes.shape[0], dtype=np.int32)
    for w in range(codes.shape[0]):
        for j in range(codes.shape[1]):
            out[w] |= np.int32(1) << codes[w, j]
    return out


@numba.njit(cache=True, parallel=True)
def _matrix_kernel(gcodes, acodes, out):
    """Fill ``out[g, a]``. A guess without repeated letters takes a fast path: a non-green letter
    is yellow iff the answer contains it at all (none of the answer's copies can be green, since the
    guess has that letter only here, and no earlier guess position uses one up)."""
    n_g, length = gcodes.shape
    n_a = acodes.shape[0]
    amask = _letter_masks(acodes)
    for gi in numba.prange(n_g):
        g = gcodes[gi]
        distinct = True
        for i in range(length):
            for k in range(i):
                if g[i] == g[k]:
                    distinct = False
        if distinct:
            for ai in range(n_a):
                a = acodes[ai]
                m = amask[ai]
                code = 0
                power = 1
                for i in range(length):
                    if g[i] == a[i]:
                        code += 2 * power
                    elif (m >> g[i]) & 1:
                        code += power
                    power *= 3
                out[gi, ai] = code
        else:
            counts = np.zeros(26, dtype=np.int8)
            for ai in range(n_a):
                out[gi, ai] = pair_code(g, acodes[ai], counts, length)


@numba.njit(cache=True, parallel=True)
def _row_kernel(gcode, acodes, out):
    """Feedback of one guess against every word of ``acodes``."""
    n_a, length = acodes.shape
    for ai in numba.prange(n_a):
        counts = np.zeros(26, dtype=np.int8)
        out[ai] = pair_code(gcode, acodes[ai], counts, length)


def build_matrix(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """The guesses x answers pattern matrix (numba, parallel over guess rows)."""
    length = len(answers[0]) if answers else 0
    out = np.empty((len(guesses), len(answers)), dtype=pattern_dtype(length))
    if out.size:
        _matrix_kernel(encode(guesses), encode(answers), out)
    return out


def feedback_row(guess: str, words: Sequence[str] | np.ndarray) -> np.ndarray:
    """Patterns of ``guess`` against every word (words as strings or :func:`encode` codes)."""
    codes = words if isinstance(words, np.ndarray) else encode(words)
    out = np.empty(codes.shape[0], dtype=pattern_dtype(len(guess)))
    if out.size:
        _row_kernel(encode([guess])[0], codes, out)
    return out


def build_matrix_numpy(
    guesses: Sequence[str], answers: Sequence[str], chunk: int = 256
) -> np.ndarray:
    """The same matrix with plain numpy broadcasting, ``chunk`` guess rows at a time.

    Position ``i`` of guess ``g`` is yellow iff it is not green and the answer's non-green copies of
    that letter outnumber the non-green copies of it earlier in the guess.
    """
    G, A = encode(guesses), encode(answers)
    length = A.shape[1]
    out = np.empty((len(guesses), len(answers)), dtype=pattern_dtype(length))
    powers = 3 ** np.arange(length)
    for start in range(0, len(guesses), chunk):
        g = G[start : start + chunk, None, :]  # [c, 1, L]
        a = A[None, :, :]  # [1, n, L]
        green = g == a  # [c, n, L]
        code = (2 * green * powers).sum(axis=2)
        for i in range(length):
            letter = g[:, :, i : i + 1]  # [c, 1, 1]
            in_answer = ((a == letter) & ~green).sum(axis=2)  # [c, n]
            earlier = ((g[:, :, :i] == letter) & ~green[:, :, :i]).sum(axis=2)
            yellow = ~green[:, :, i] & (earlier < in_answer)
            code += yellow * powers[i]
        out[start : start + chunk] = code
    return out


def build_matrix_python(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """:func:`feedback` on every pair."""
    length = len(answers[0]) if answers else 0
    out = np.empty((len(guesses), len(answers)), dtype=pattern_dtype(length))
    for gi, g in enumerate(guesses):
        out[gi] = [feedback(g, a) for a in answers]
    return out
