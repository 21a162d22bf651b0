"""What a newcomer meets installing and starting cardtable (issue 46): ``make run`` installs what
playing needs and nothing of the test tools or PyTorch, ``make test`` no GPU framework, the
training example has ``make train``; quit messages name a command that works from where the
person stands; ``cardtable --version``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import cardtable
from cardtable.command import cardtable_command

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).parent / "cardtable"
HEAVY = ("torch", "ray", "playwright", "mypy", "pytest", "ruff")
needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is what is tested")


def make_dry(target: str, folder: Path = ROOT, *, every: bool = True) -> str:
    """What ``make TARGET`` would run, without running it (``-B``: as on a fresh clone), up to a
    nested make (which, dry, would repeat the installs whose stamps were not really touched)."""
    done = subprocess.run(["make", "-n", "--no-print-directory", *(["-B"] if every else []),
                           target], cwd=folder, capture_output=True, text=True, check=False,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    nested = [i for i, line in enumerate(lines) if line.endswith(" plugin-test")]
    return "\n".join(lines[: nested[0]] if nested else lines)


def pip_installs(recipe: str) -> list[str]:
    """The lines installing cardtable itself (with which extras), not the plugin game's."""
    return [line for line in recipe.splitlines()
            if "pip install" in line and (" -e ." in line or " -e '." in line)]


def test_playing_needs_no_test_tools_gpu_framework_or_browser() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    named = [d.split(">")[0].split("[")[0].split("<")[0].strip().lower()
             for d in project["dependencies"]]
    assert not set(named) & set(HEAVY)
    assert not any("train" in d or "torch" in d for d in project["optional-dependencies"]["dev"])


@needs_make
def test_make_run_installs_only_the_base_package_and_says_so() -> None:
    recipe = make_dry("run")
    [install] = pip_installs(recipe)
    assert install.rstrip().endswith("-e .") and "--quiet" not in install
    assert "[" not in install
    assert "installing cardtable and what playing needs" in recipe
    assert "system-packages" not in recipe
    assert recipe.rstrip().endswith("cardtable play")


@needs_make
def test_make_test_installs_the_dev_extras_but_not_torch_and_leaves_tests_train_out() -> None:
    recipe = make_dry("test")
    installs = pip_installs(recipe)
    assert any("'.[dev]'" in line for line in installs)
    assert not any("train" in line for line in installs)
    # a plain pytest leaves tests/train out (pyproject's norecursedirs)
    assert ".venv/bin/pytest\n" in recipe + "\n"
    assert "pytest tests/train" not in recipe


@needs_make
def test_make_train_installs_torch_and_runs_the_training_tests() -> None:
    recipe = make_dry("train")
    assert any("'.[train]'" in line for line in pip_installs(recipe))
    assert "pytest tests/train" in recipe
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith(
        "make test\nmake train")


def test_only_tests_train_needs_pytorch() -> None:
    outside = [path for path in (ROOT / "tests").rglob("*.py")
               if "train" not in path.relative_to(ROOT / "tests").parts[:1]
               and path.name != Path(__file__).name
               and ("torch" in (text := path.read_text(encoding="utf-8"))
                    or "train_daylily" in text)]
    assert outside == []


def stamped_folder(tmp_path: Path, *stamps: str) -> Path:
    """A copy of the Makefile and pyproject.toml with a venv whose named stamps are fresh."""
    for name in ("Makefile", "pyproject.toml", "package.json", "package-lock.json"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / ".installed").touch()
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").touch()
    old = (tmp_path / "pyproject.toml").stat().st_mtime - 60
    os.utime(tmp_path / "pyproject.toml", (old, old))
    for stamp in stamps:
        (tmp_path / ".venv" / f".installed-{stamp}").touch()
    return tmp_path


@needs_make
def test_make_run_after_make_test_installs_nothing(tmp_path: Path) -> None:
    folder = stamped_folder(tmp_path, "dev", "play")
    assert pip_installs(make_dry("run", folder, every=False)) == []


@needs_make
def test_make_test_after_make_run_adds_the_dev_extras(tmp_path: Path) -> None:
    folder = stamped_folder(tmp_path, "play")
    [install] = pip_installs(make_dry("test", folder, every=False))
    assert "'.[dev]'" in install
    recipe = make_dry("test", folder, every=False)
    assert "touch .venv/.installed-dev .venv/.installed-play" in recipe


def test_the_version_is_printed_and_exits_0() -> None:
    done = subprocess.run([sys.executable, "-m", "cardtable", "--version"],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"cardtable {cardtable.__version__}"


def test_the_command_is_plain_cardtable_when_the_shell_finds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/local/bin/{name}")
    assert cardtable_command() == "cardtable"


def test_the_command_is_the_venv_script_beside_a_clone_when_not_on_the_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = tmp_path / ".venv" / "bin" / "cardtable"
    script.parent.mkdir(parents=True)
    script.touch()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(sys, "argv", [str(script), "play"])
    assert cardtable_command() == ".venv/bin/cardtable"
    monkeypatch.chdir(tmp_path / ".venv")
    assert cardtable_command() == "bin/cardtable"
    monkeypatch.chdir("/")
    assert cardtable_command() == str(script)


def quit_message(tmp_path: Path, path: str) -> str:
    """A match started with the venv's script, quit at once: what it says to resume."""
    env = {**os.environ, "PATH": path, "COLUMNS": "300"}
    done = subprocess.run(
        [str(SCRIPT), "play", "daylily", "--players", "2", "--bots", "random", "--seed", "3"],
        input="quit\n", capture_output=True, text=True, cwd=tmp_path, env=env, check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    [line] = [line for line in done.stdout.splitlines() if "--resume" in line]
    return line.strip()


@pytest.mark.skipif(not SCRIPT.is_file(), reason="the venv's cardtable script is what is tested")
def test_the_quit_message_names_a_command_that_works(tmp_path: Path) -> None:
    bare = os.pathsep.join(["/usr/bin", "/bin"])
    if shutil.which("cardtable", path=bare) is not None:
        pytest.skip("a cardtable outside the venv is on /usr/bin")
    said = quit_message(tmp_path, bare)
    assert said == f"To go on with it later: {SCRIPT} play --resume"
    said = quit_message(tmp_path, os.pathsep.join([str(SCRIPT.parent), bare]))
    assert said == "To go on with it later: cardtable play --resume"
