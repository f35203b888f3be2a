"""Building, saving and loading :class:`WordleData` (word lists + feedback matrix).

The pipeline stage ``wordgames build wordle-matrix`` writes ``paths.wordle_matrix`` (the ``.npy``
matrix, guesses x answers) and ``paths.wordle_words`` (Parquet: ``word`` string, ``row`` int32 = row in
the matrix, ``answer`` int32 = column in the matrix or -1 for a guess that is not an answer). Both are
written atomically. :func:`load_data` memory-maps the matrix.

The user commands read the pipeline's artifacts for their config (a missing one is an error), or
build the matrix in memory for lists given on the command line.
"""

from __future__ import annotations

import os

import numpy as np

from wordgames.errors import InputError
from wordgames.wordle.core import WordleData
from wordgames.wordle.feedback import build_matrix


def make_data(
    guesses: list[str], answers: list[str], matrix: np.ndarray | None = None
) -> WordleData:
    """WordleData from validated lists (``answers`` must all be in ``guesses``)."""
    index = {w: i for i, w in enumerate(guesses)}
    try:
        rows = np.array([index[a] for a in answers], dtype=np.int32)
    except KeyError as exc:
        raise InputError(f"answer {exc.args[0]!r} is not among the guesses") from None
    if matrix is None:
        matrix = build_matrix(guesses, answers)
    return WordleData(guesses=list(guesses), answers=list(answers), matrix=matrix, answer_rows=rows)


def save_data(
    data: WordleData, matrix_path: str | os.PathLike, words_path: str | os.PathLike
) -> None:
    import pyarrow as pa

    from wordgames.artifacts import save_npy, write_parquet

    column = np.full(len(data.guesses), -1, dtype=np.int32)
    column[data.answer_rows] = np.arange(len(data.answers), dtype=np.int32)
    table = pa.table(
        {
            "word": pa.array(data.guesses, pa.string()),
            "row": pa.array(np.arange(len(data.guesses), dtype=np.int32)),
            "answer": pa.array(column),
        }
    )
    save_npy(np.ascontiguousarray(data.matrix), matrix_path)
    write_parquet(table, words_path)


def read_word_table(words_path: str | os.PathLike) -> tuple[list[str], list[str]]:
    from wordgames.artifacts import read_parquet

    table = read_parquet(words_path, columns=["word", "row", "answer"])
    words = table.column("word").to_pylist()
    rows = table.column("row").to_numpy()
    answer = table.column("answer").to_numpy()
    guesses = [""] * len(words)
    for w, r in zip(words, rows, strict=True):
        guesses[int(r)] = w
    order = np.argsort(np.where(answer >= 0, answer, np.iinfo(np.int32).max), kind="stable")
    answers = [guesses[int(rows[i])] for i in order if answer[i] >= 0]
    return guesses, answers


def load_data(
    matrix_path: str | os.PathLike, words_path: str | os.PathLike, mmap: bool = True
) -> WordleData:
    """The pipeline's artifacts as WordleData, the matrix memory-mapped."""
    from wordgames.artifacts import load_npy

    guesses, answers = read_word_table(words_path)
    matrix = load_npy(matrix_path, mmap=mmap)
    if matrix.shape != (len(guesses), len(answers)):
        raise InputError(
            f"{matrix_path}: matrix shape {matrix.shape} does not match {words_path} "
            f"({len(guesses)} guesses x {len(answers)} answers): rebuild it"
        )
    return make_data(guesses, answers, matrix)
