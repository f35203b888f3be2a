"""Dumps by wiki, date and job (wordgames.corpus.dumps, wordgames dumps lock/plan) and their
downloads from mirrors, against the local dump mirror of tests/mirror.py: the lock, every fault of
issue 44 with what it prints, and the plan against the cost model."""

from __future__ import annotations

import hashlib
import json
import math
import types

import pytest
import yaml
from mirror import DATE, OLD, RUNNING, Mirror, build_tree

from wordgames.cli import main
from wordgames.config import load_config
from wordgames.corpus import download as download_module
from wordgames.corpus import dumps, registry
from wordgames.corpus.download import download
from wordgames.errors import ConfigError, DiskFullError, InputError
from wordgames.workflow import resources as cost_model


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    return build_tree(tmp_path_factory.mktemp("mirror"))


@pytest.fixture
def mirrors(tree):
    """Two mirrors of the same tree: A first, B second."""
    with Mirror(tree.root) as a, Mirror(tree.root) as b:
        yield a, b


def _raw(tmp_path, a, b, corpora, lock="dumps.lock.json"):
    return {
        "results_dir": str(tmp_path / "results"),
        "dumps": {
            "lock": str(tmp_path / lock),
            "mirrors": [{"url": a.url}, {"url": b.url}],
            "retry_after_max": 5,
        },
        "corpora": corpora,
        "collections": {"it": {"corpora": list(corpora)}},
    }


WIKTIONARY = {
    "itwiktionary": {
        "kind": "mediawiki",
        "language": "it",
        "dump": {"wiki": "itwiktionary", "date": "latest", "job": "articlesdump"},
        "shards": 2,
        "options": {"wiki": "wiktionary"},
    }
}


def _sha1(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()


def test_lock_resolves_latest_to_the_newest_done_dump_and_records_every_file(
    tmp_path, tree, mirrors
):
    a, b = mirrors
    corpora = {
        **WIKTIONARY,
        "itwiki": {
            "kind": "mediawiki",
            "language": "it",
            "dump": {"wiki": "itwiki", "date": "latest", "job": "articlesmultistreamdump"},
        },
        "enwiki": {
            "kind": "mediawiki",
            "language": "en",
            "dump": {"wiki": "enwiki", "date": OLD, "job": "articlesmultistreamdump", "parts": 3},
        },
    }
    cfg = load_config(_raw(tmp_path, a, b, corpora))
    path, data = dumps.lock(cfg, timeout=10)
    assert json.loads(path.read_text()) == data
    wikt = data["dumps"]["itwiktionary"]
    # RUNNING is newer but its job is in progress: latest is DATE
    assert (wikt["date"], wikt["requested"]["date"]) == (DATE, "latest")
    (f,) = wikt["files"]
    name = f"itwiktionary-{DATE}-pages-articles.xml.bz2"
    body = tree.files[("itwiktionary", DATE, "articlesdump", name)]
    assert (f["name"], f["size"], f["sha1"]) == (name, len(body), _sha1(body))
    assert f["urls"] == [f"{m.url}/itwiktionary/{DATE}/{name}" for m in (a, b)]
    # the multistream file comes with its index
    (ms,) = data["dumps"]["itwiki"]["files"]
    assert ms["name"].endswith("pages-articles-multistream.xml.bz2")
    assert ms["index"]["name"].endswith("pages-articles-multistream-index.txt.bz2")
    # a pinned date; the first three of four parts, in part order, each with its own index
    en = data["dumps"]["enwiki"]
    assert en["date"] == OLD
    names = [(f["name"], f["index"]["name"]) for f in en["files"]]
    assert [n.split("multistream")[1][:1] for n, _ in names] == ["1", "2", "3"]
    for n, i in names:
        assert i == n.replace("multistream", "multistream-index").replace(".xml-", ".txt-")
    # the registry reads the lock: sources with sizes, mirrors' URLs, SHA-1s
    (src,) = registry.corpus(cfg, "itwiktionary").sources
    assert (src.url, src.sha1, src.size, src.urls) == (
        f["urls"][0],
        f["sha1"],
        f["size"],
        tuple(f["urls"]),
    )
    assert [s.index.filename for s in registry.corpus(cfg, "enwiki").sources] == [
        i for _, i in names
    ]


def test_without_a_lock_the_pipeline_says_how_to_make_one(tmp_path, mirrors):
    a, b = mirrors
    cfg = load_config(_raw(tmp_path, a, b, WIKTIONARY))
    with pytest.raises(
        ConfigError, match=r"no dump lock .*: run `wordgames dumps lock --configfile"
    ):
        registry.used_corpora(cfg)


def test_a_lock_made_for_another_request_is_stale(tmp_path, mirrors):
    a, b = mirrors
    dumps.lock(load_config(_raw(tmp_path, a, b, WIKTIONARY)), timeout=10)
    pinned = json.loads(json.dumps(WIKTIONARY))
    pinned["itwiktionary"]["dump"]["date"] = OLD
    with pytest.raises(ConfigError, match="is stale for corpus itwiktionary"):
        registry.used_corpora(load_config(_raw(tmp_path, a, b, pinned)))


def _lock_cli(tmp_path, raw, capsys) -> tuple[int, str, str]:
    config = tmp_path / "c.yaml"
    config.write_text(yaml.safe_dump(raw))
    code = main(["dumps", "lock", "--configfile", str(config), "--timeout", "10"])
    out, err = capsys.readouterr()
    return code, out, err


def test_fault_a_date_that_is_gone(tmp_path, mirrors, capsys):
    a, b = mirrors
    corpora = json.loads(json.dumps(WIKTIONARY))
    corpora["itwiktionary"]["dump"]["date"] = "20240101"
    code, _, err = _lock_cli(tmp_path, _raw(tmp_path, a, b, corpora), capsys)
    assert code == 2
    (line,) = err.strip().splitlines()
    assert "no mirror has the itwiktionary dump of 20240101" in line
    assert "set corpora.itwiktionary.dump.date to latest or to a date listed at" in line
    assert "run `wordgames dumps lock` again" in line
    assert not (tmp_path / "dumps.lock.json").exists()


def test_fault_a_job_not_done(tmp_path, mirrors, capsys):
    a, b = mirrors
    corpora = json.loads(json.dumps(WIKTIONARY))
    corpora["itwiktionary"]["dump"]["date"] = RUNNING
    code, _, err = _lock_cli(tmp_path, _raw(tmp_path, a, b, corpora), capsys)
    assert code == 2
    (line,) = err.strip().splitlines()
    assert (
        f"job articlesdump of the itwiktionary dump of {RUNNING} is 'in-progress', not done" in line
    )
    assert not (tmp_path / "dumps.lock.json").exists()


def test_a_job_the_dump_does_not_have_names_the_jobs_it_has(tmp_path, mirrors, capsys):
    a, b = mirrors
    corpora = json.loads(json.dumps(WIKTIONARY))
    corpora["itwiktionary"]["dump"].update(date=DATE, job="articlesdumpp")
    code, _, err = _lock_cli(tmp_path, _raw(tmp_path, a, b, corpora), capsys)
    assert code == 2 and "has no job articlesdumpp (its jobs: articlesdump, " in err


def test_files_the_job_does_not_have_name_the_job_that_has_them(tmp_path, mirrors, capsys):
    a, b = mirrors
    corpora = json.loads(json.dumps(WIKTIONARY))
    corpora["itwiktionary"]["dump"] = {"wiki": "itwiki", "job": "articlesdump", "files": "*-ns0.gz"}
    code, _, err = _lock_cli(tmp_path, _raw(tmp_path, a, b, corpora), capsys)
    assert (
        code == 2 and "matches '*-ns0.gz'" in err and "; job pagetitlesdump has such files" in err
    )


def test_the_first_mirror_down_the_second_answers_the_lock(tmp_path, mirrors, monkeypatch):
    a, b = mirrors
    raw = _raw(tmp_path, a, b, WIKTIONARY)
    raw["dumps"]["mirrors"] = [{"url": "http://127.0.0.1:9"}, {"url": b.url}]  # discard port
    _, data = dumps.lock(load_config(raw), timeout=5)
    assert data["dumps"]["itwiktionary"]["status_url"].startswith(b.url)
    assert data["dumps"]["itwiktionary"]["date"] == DATE


def test_a_503_with_retry_after_is_waited_out(tmp_path, mirrors, monkeypatch):
    a, b = mirrors
    waits = []
    monkeypatch.setattr(
        dumps,
        "time",
        types.SimpleNamespace(
            sleep=waits.append,
            strftime=__import__("time").strftime,
            gmtime=__import__("time").gmtime,
        ),
    )
    a.busy[f"/itwiktionary/{DATE}/dumpstatus.json"] = (1, 2)
    _, data = dumps.lock(load_config(_raw(tmp_path, a, b, WIKTIONARY)), timeout=10)
    assert waits == [2.0]
    assert data["dumps"]["itwiktionary"]["status_url"].startswith(a.url)


# downloads -------------------------------------------------------------------------------------
def _locked(tmp_path, mirrors):
    a, b = mirrors
    _, data = dumps.lock(load_config(_raw(tmp_path, a, b, WIKTIONARY)), timeout=10)
    (f,) = data["dumps"]["itwiktionary"]["files"]
    return f, f"/itwiktionary/{DATE}/{f['name']}"


def _fetch(f, folder, **kw):
    return download(f["urls"], folder / f["name"], f["sha1"], size=f["size"], backoff=0.01, **kw)


def _leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


@pytest.mark.faults
def test_download_fault_503_retry_after(tmp_path, mirrors, monkeypatch):
    a, _ = mirrors
    f, path = _locked(tmp_path, mirrors)
    waits = []
    monkeypatch.setattr(download_module, "time", types.SimpleNamespace(sleep=waits.append))
    a.busy[path] = (2, 3)
    target = _fetch(f, tmp_path)
    assert _sha1(target.read_bytes()) == f["sha1"] and waits == [3.0, 3.0]
    assert [r for r in a.fetched(path)] == [None, None, None]  # all from A, after its waits
    assert _leftovers(tmp_path) == []


@pytest.mark.faults
def test_download_fault_retry_after_too_long_moves_to_the_next_mirror(tmp_path, mirrors):
    a, b = mirrors
    f, path = _locked(tmp_path, mirrors)
    a.busy[path] = (10, 3600)
    target = download(f["urls"], tmp_path / f["name"], f["sha1"], size=f["size"], retry_after_max=5)
    assert _sha1(target.read_bytes()) == f["sha1"]
    assert len(a.fetched(path)) == 1 and b.fetched(path) == [None]


@pytest.mark.faults
def test_download_fault_cut_mid_file_resumes(tmp_path, mirrors):
    a, _ = mirrors
    f, path = _locked(tmp_path, mirrors)
    a.cut[path] = 1
    target = _fetch(f, tmp_path)
    assert _sha1(target.read_bytes()) == f["sha1"]
    assert a.fetched(path) == [None, f"bytes={f['size'] // 2}-"]
    assert _leftovers(tmp_path) == []


@pytest.mark.faults
def test_download_fault_a_wrong_byte_is_refused_and_the_next_mirror_serves(tmp_path, mirrors):
    a, b = mirrors
    f, path = _locked(tmp_path, mirrors)
    a.corrupt.add(path)
    target = _fetch(f, tmp_path)
    assert _sha1(target.read_bytes()) == f["sha1"]
    assert a.fetched(path) == [None] and b.fetched(path) == [None]
    assert _leftovers(tmp_path) == []


@pytest.mark.faults
def test_download_fault_wrong_bytes_everywhere_leaves_nothing(tmp_path, mirrors):
    a, b = mirrors
    f, path = _locked(tmp_path, mirrors)
    a.corrupt.add(path)
    b.corrupt.add(path)
    with pytest.raises(InputError) as info:
        _fetch(f, tmp_path)
    message = str(info.value)
    assert message.startswith(f"{f['name']}: no mirror gave the file")
    assert message.count(f"SHA-1 mismatch (expected {f['sha1']}, got ") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dumps.lock.json"]


@pytest.mark.faults
def test_download_fault_a_mirror_lacking_the_file(tmp_path, mirrors):
    a, b = mirrors
    f, path = _locked(tmp_path, mirrors)
    a.missing.add(path)
    target = _fetch(f, tmp_path)
    assert _sha1(target.read_bytes()) == f["sha1"]
    assert a.fetched(path) == [None] and b.fetched(path) == [None]


@pytest.mark.faults
def test_download_fault_full_disk_is_refused_before_the_first_byte(tmp_path, mirrors, small_tmpfs):
    a, b = mirrors
    mnt, grow = small_tmpfs
    f, path = _locked(tmp_path, mirrors)
    big = dict(f, size=2 * 1024 * 1024)  # the lock says 2 MiB; the tmpfs has 512 KiB
    with pytest.raises(DiskFullError, match=r"needs 2.1 MB and .* has 0.5 MB free"):
        download(big["urls"], mnt / f["name"], f["sha1"], size=big["size"])
    assert list(mnt.iterdir()) == [] and a.fetched(path) == [] and b.fetched(path) == []


def test_download_stage_takes_every_mirror_and_the_size(tmp_path, mirrors):
    a, _ = mirrors
    f, path = _locked(tmp_path, mirrors)
    a.missing.add(path)
    out = tmp_path / "d" / f["name"]
    args = ["build", "download", *[x for u in f["urls"] for x in ("--url", u)]]
    args += ["--sha1", f["sha1"], "--size", str(f["size"]), "--out", str(out)]
    assert main(args) == 0
    assert _sha1(out.read_bytes()) == f["sha1"]


# plan ------------------------------------------------------------------------------------------
def test_plan_prints_sizes_and_the_cost_models_projection(tmp_path, mirrors, capsys):
    a, b = mirrors
    corpora = {
        **WIKTIONARY,
        "itwiki": {
            "kind": "mediawiki",
            "language": "it",
            "dump": {"wiki": "itwiki", "date": "latest", "job": "articlesmultistreamdump"},
            "shards": 4,
        },
    }
    raw = _raw(tmp_path, a, b, corpora)
    config = tmp_path / "c.yaml"
    config.write_text(yaml.safe_dump(raw))
    assert main(["dumps", "lock", "--configfile", str(config)]) == 0
    capsys.readouterr()
    assert main(["dumps", "plan", "--configfile", str(config), "--cores", "2", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    lock = json.loads((tmp_path / "dumps.lock.json").read_text())
    sizes = {f["name"]: f["size"] for _, f in dumps.lock_files(lock)}
    assert {f["name"]: f["size"] for f in plan["files"]} == sizes and len(sizes) == 3
    assert plan["download_bytes"] == sum(sizes.values())
    assert plan["disk_bytes"] > plan["download_bytes"]
    rows = {(s["corpus"], s["stage"]): s for s in plan["stages"]}
    # itwiki: 4 shards of an indexed dump, each extracting a quarter of the multistream file
    ms = next(f for f in lock["dumps"]["itwiki"]["files"])
    share = ms["size"] / 2**20 / 4
    c = cost_model.cost_of("corpus_extract")
    extract = rows[("itwiki", "corpus_extract")]
    assert extract["jobs"] == 4 and extract["input_mb"] == pytest.approx(share)
    assert extract["cpu_min"] == pytest.approx(c.run_base + c.run_per_mb * share)
    assert extract["peak_mb"] == pytest.approx(c.mem_base + c.mem_per_mb * share)
    assert extract["wall_min"] == pytest.approx(extract["cpu_min"] * math.ceil(4 / 2))
    # itwiktionary has no index: every shard reads the whole file
    assert rows[("itwiktionary", "corpus_extract")]["input_mb"] == pytest.approx(
        sizes[lock["dumps"]["itwiktionary"]["files"][0]["name"]] / 2**20
    )
    assert main(["dumps", "plan", "--configfile", str(config), "--cores", "2"]) == 0
    text = capsys.readouterr().out
    assert f"download: 3 files, {sum(sizes.values()) / 1e9:,.2f} GB" in text
    assert "corpus_tokenize" in text and "disk needed:" in text


# other files: the guillotine's game sets (issue 44, item 5) -------------------------------------
GAMES = [
    {"w1": "cane", "w2": "gatto", "w3": "topo", "w4": "casa", "w5": "mare", "solution": "animale"},
    {"w1": "sole", "w2": "luna", "w3": "stella", "w4": "cielo", "w5": "notte", "solution": "astro"},
]


def test_game_sets_are_fetched_checked_and_locked_like_any_download(
    tmp_path, tree, mirrors, capsys
):
    from wordgames.guillotine.games import read_games

    a, b = mirrors
    served = tree.root / "games" / "evalita2020_dev.json"
    served.parent.mkdir(exist_ok=True)
    served.write_text(json.dumps(GAMES))
    sha1 = _sha1(served.read_bytes())
    target = tmp_path / "games" / "evalita2020_dev.json"
    raw = _raw(tmp_path, a, b, WIKTIONARY)
    entry = {"url": f"{a.url}/games/evalita2020_dev.json", "sha1": "0" * 40, "path": str(target)}
    raw["dumps"]["files"] = {"evalita2020_dev": entry}
    raw["guillotine"] = {"games": {"evalita2020_dev": str(target)}}
    # a wrong SHA-1 in the config: refused, nothing left
    code, _, err = _lock_cli(tmp_path, raw, capsys)
    assert code == 2 and "dumps.files.evalita2020_dev: " in err and "SHA-1 mismatch" in err
    assert not target.exists() and not list(target.parent.glob("*.part"))
    # none given: recorded at the first lock, and held to afterwards
    entry["sha1"] = None
    code, out, _ = _lock_cli(tmp_path, raw, capsys)
    assert code == 0 and f"evalita2020_dev: {target}, " in out
    lock = json.loads((tmp_path / "dumps.lock.json").read_text())
    assert lock["files"]["evalita2020_dev"] == {
        "url": entry["url"],
        "path": str(target),
        "size": served.stat().st_size,
        "sha1": sha1,
    }
    assert [(g.clues, g.solution) for g in read_games(target)] == [
        ((g["w1"], g["w2"], g["w3"], g["w4"], g["w5"]), g["solution"]) for g in GAMES
    ]
    asked = len(a.fetched("/games/evalita2020_dev.json"))
    assert _lock_cli(tmp_path, raw, capsys)[0] == 0  # there and right: not fetched again
    assert len(a.fetched("/games/evalita2020_dev.json")) == asked
    # the publisher's file changes: the next lock refuses it, the plan says so
    target.unlink()
    served.write_text(json.dumps(GAMES[:1]))
    code, _, err = _lock_cli(tmp_path, raw, capsys)
    assert code == 2 and f"expected {sha1}" in err and not target.exists()
    config = tmp_path / "c.yaml"
    assert main(["dumps", "plan", "--configfile", str(config)]) == 0
    assert f"evalita2020_dev: {target} is not there" in capsys.readouterr().out


@pytest.mark.parametrize("shipped", ["it-wikimedia.yaml", "en-wikipedia.yaml"])
def test_plan_of_the_shipped_configs_from_the_mirrors_status(
    repo, tmp_path, mirrors, capsys, shipped
):
    """The shipped configs, pointed at the mirror: lock, then plan; every corpus stage's numbers are
    the cost model's at the locked sizes."""
    a, b = mirrors
    override = tmp_path / "override.yaml"
    lock = tmp_path / "lock.json"
    override.write_text(
        yaml.safe_dump({"dumps": {"lock": str(lock), "mirrors": [{"url": a.url}, {"url": b.url}]}})
    )
    configs = [str(repo / "config" / shipped), str(override)]
    assert main(["dumps", "lock", "--configfile", *configs]) == 0
    capsys.readouterr()
    assert main(["dumps", "plan", "--configfile", *configs, "--cores", "4", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    locked = json.loads(lock.read_text())["dumps"]
    cfg = load_config(
        {**yaml.safe_load((repo / "config" / shipped).read_text()), "dumps": {"lock": str(lock)}}
    )
    used = {c.name: c for c in registry.used_corpora(cfg) if c.name in locked}
    assert {f["corpus"] for f in plan["files"]} == set(used)
    for name, c in used.items():
        dump_mib = sum(f["size"] for f in locked[name]["files"]) / 2**20
        indexed = any(f["index"] for f in locked[name]["files"])
        share = dump_mib / c.shards if indexed else dump_mib
        row = next(
            s for s in plan["stages"] if (s["corpus"], s["stage"]) == (name, "corpus_extract")
        )
        cost = cost_model.cost_of("corpus_extract")
        assert row["jobs"] == c.shards and row["input_mb"] == pytest.approx(share)
        assert row["cpu_min"] == pytest.approx(cost.run_base + cost.run_per_mb * share)
        assert row["wall_min"] == pytest.approx(row["cpu_min"] * math.ceil(c.shards / 4))
    if shipped == "en-wikipedia.yaml":  # three of the four parts, each with its index
        assert len(plan["files"]) == 6 and used["enwiki"].shards == 3
