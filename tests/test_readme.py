"""The README's examples, run as a user runs them and checked against the output it shows.

Every ```console block's ``$ wordgames ...`` command and every ```pycon block runs on the offline
default config (a copy of config/config.yaml in a scratch checkout whose ``resources/`` is the
repository's), built once per test session by the real pipeline, exactly as ``make run`` builds it.
The output shown under a command must be what the command prints. A block preceded by
``<!-- readme: approx -->`` may differ in its numbers by the tolerance below (the guillotine's GloVe
trains on two threads and is not bit-identical from run to run); its words must match exactly.
A block marked ``needs-data`` is checked only when the evaluation data is there
(``WORDGAMES_DATA``); one marked ``no-data`` runs with ``WORDGAMES_DATA`` unset, as a user without
the data runs it; one marked ``fails`` must exit non-zero, and what it shows is its stderr. Marks
go in one comment before the block, space-separated: ``<!-- readme: needs-data approx -->``.
"""

from __future__ import annotations

import doctest
import fcntl
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
# numbers of an approximate block: within 3 units or 10% of the shown value
ABSOLUTE, RELATIVE = 3.0, 0.10


@dataclass
class Example:
    kind: str  # "console" or "pycon"
    source: str  # the command line(s), or the Python session
    want: str  # the output shown ("" when none is shown)
    line: int  # where the block starts in the README
    marks: frozenset[str]

    @property
    def name(self) -> str:
        first = self.source.strip().splitlines()[0]
        return f"README.md:{self.line}: {first[:60]}"


def examples(text: str) -> list[Example]:
    """Every console command with the output under it, and every pycon block."""
    found = []
    fence = re.compile(r"((?:<!-- readme: [\w -]+ -->\n)*)```(console|pycon)\n(.*?)```", re.S)
    for match in fence.finditer(text):
        marks = frozenset(
            m
            for ms in re.findall(r"<!-- readme: ([\w -]+) -->", match.group(1))
            for m in ms.split()
        )
        kind, body = match.group(2), match.group(3)
        line = text.count("\n", 0, match.start(2)) + 1
        if kind == "pycon":
            found.append(Example(kind, body, "", line, marks))
            continue
        for chunk in re.split(r"^(?=\$ )", body, flags=re.M):
            if not chunk.startswith("$ "):
                continue
            lines = chunk.splitlines()
            command = [lines[0][2:]]
            rest = lines[1:]
            while command[-1].endswith("\\") and rest:
                command[-1] = command[-1][:-1]
                command.append(rest.pop(0).strip())
            found.append(Example(kind, " ".join(command), "\n".join(rest), line, marks))
    return found


def same_output(want: str, got: str, approx: bool) -> bool:
    want = "\n".join(x.rstrip() for x in want.strip("\n").splitlines())
    got = "\n".join(x.rstrip() for x in got.strip("\n").splitlines())
    checker = doctest.OutputChecker()
    if checker.check_output(want + "\n", got + "\n", doctest.ELLIPSIS):
        return True
    if not approx or NUMBER.sub("#", want) != NUMBER.sub("#", got):
        return False
    for w, g in zip(NUMBER.findall(want), NUMBER.findall(got), strict=True):
        a, b = float(w.replace(",", ".")), float(g.replace(",", "."))
        if abs(a - b) > max(ABSOLUTE, RELATIVE * abs(a)):
            return False
    return True


README_EXAMPLES = examples(README.read_text(encoding="utf-8"))


def test_the_readme_shows_commands_with_their_output():
    shown = [e for e in README_EXAMPLES if e.kind == "console" and e.want.strip()]
    games = {g for e in shown for g in ("wordle", "hangman", "guillotine") if f" {g} " in e.source}
    assert games == {"wordle", "hangman", "guillotine"}, f"README tour covers only {games}"
    assert any(e.kind == "pycon" for e in README_EXAMPLES), "README shows no Python session"


def test_the_readme_is_a_page_a_newcomer_reads():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 170, f"README.md has {len(lines)} lines (a product page is about 150)"


def test_readme_examples_parse_markers():
    text = (
        "<!-- readme: approx -->\n```console\n$ wordgames a \\\n  --b\nout 1\n$ wordgames c\n```\n"
        "```pycon\n>>> 1 + 1\n2\n```\n"
    )
    got = examples(text)
    assert [(e.kind, e.source, e.want, e.marks) for e in got] == [
        ("console", "wordgames a  --b", "out 1", frozenset({"approx"})),
        ("console", "wordgames c", "", frozenset({"approx"})),
        ("pycon", ">>> 1 + 1\n2\n", "", frozenset()),
    ]


@pytest.mark.parametrize(
    ("want", "got", "approx", "same"),
    [
        ("a 1.0\nb", "a 1.0  \nb\n", False, True),
        ("a 1.0", "a 1.5", False, False),
        ("a 40%", "a 42%", True, True),
        ("a 40%", "a 52%", True, False),
        ("a 40% x", "a 40% y", True, False),
        ("first\n...\nlast", "first\nany\nthing\nlast", False, True),
    ],
)
def test_output_comparison(want, got, approx, same):
    assert same_output(want, got, approx) is same


# --------------------------------------------------------------------------------------------------
def _checkout(root: Path) -> Path:
    """A scratch checkout: the default config and the repository's resources, as a clone has."""
    (root / "config").mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "config" / "config.yaml", root / "config" / "config.yaml")
    if not (root / "resources").exists():
        (root / "resources").symlink_to(REPO / "resources")
    return root


@pytest.fixture(scope="session")
def default_build(tmp_path_factory) -> Path:
    """The offline default config built by the pipeline in a scratch checkout (once per session,
    shared by the xdist workers); the checkout's folder, where the README's commands run."""
    from wordgames.errors import ToolMissingError
    from wordgames.lm.train import find_tool

    try:
        find_tool("lmplz")
    except ToolMissingError as exc:
        pytest.skip(f"the default pipeline needs KenLM: {exc}")
    prebuilt = os.environ.get("WORDGAMES_README_BUILD")
    if prebuilt:  # a checkout this fixture built before, reused while editing the README
        return Path(prebuilt)
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    work = _checkout(root / "readme-default")
    with open(root / "readme-default.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = work / "built.ok"
        if not done.exists():
            cmd = [sys.executable, "-m", "snakemake", "--snakefile", str(REPO / "Snakefile")]
            cmd += ["--directory", str(work), "--configfile", str(work / "config/config.yaml")]
            cmd += ["--cores", "2"]
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=2400)
            if run.returncode != 0:
                raise RuntimeError(f"the default pipeline failed:\n{run.stderr[-4000:]}")
            done.touch()
    return work


def _environment(example: Example, data: Path | None) -> dict[str, str]:
    """The user's environment: the venv's commands first, and the evaluation data set unless the
    example shows the build without it (which the same build serves: without the data the config
    promises no trained guillotine model, so the command finds none)."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "100"
    env.pop("WORDGAMES_DATA", None)
    if data is not None and "no-data" not in example.marks:
        env["WORDGAMES_DATA"] = str(data)
    return env


RUN = [e for e in README_EXAMPLES if e.kind == "pycon" or e.source.startswith("wordgames ")]


@pytest.mark.parametrize("example", RUN, ids=[e.name for e in RUN])
def test_readme_example_prints_what_the_readme_shows(example, default_build, data_folder):
    if "needs-data" in example.marks and data_folder is None:
        pytest.skip("this example runs on a build with the evaluation data (set WORDGAMES_DATA)")
    env = _environment(example, data_folder)
    if example.kind == "console":
        run = subprocess.run(
            ["bash", "-c", example.source],
            cwd=default_build,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if "fails" in example.marks:  # the README shows what it says on stderr
            assert run.returncode != 0, f"{example.source} succeeded: {run.stdout[-2000:]}"
            printed = run.stderr
        else:
            assert run.returncode == 0, f"{example.source} failed: {run.stderr[-2000:]}"
            printed = run.stdout
        if example.want.strip():
            assert same_output(example.want, printed, "approx" in example.marks), (
                f"{example.name} printed:\n{printed}\nthe README shows:\n{example.want}"
            )
        return
    script = (
        "import doctest, sys\n"
        "text = sys.stdin.read()\n"
        "test = doctest.DocTestParser().get_doctest(text, {}, 'README', 'README.md', 0)\n"
        "runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)\n"
        "runner.run(test)\n"
        "sys.exit(1 if runner.failures else 0)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        input=example.source,
        cwd=default_build,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"{example.name}:\n{run.stdout[-4000:]}{run.stderr[-2000:]}"


def test_shell_quoting_of_examples_is_plain():
    """Commands are run by bash as written: each must split cleanly (no unbalanced quotes)."""
    for example in RUN:
        if example.kind == "console":
            shlex.split(example.source)
