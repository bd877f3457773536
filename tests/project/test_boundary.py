"""The boundary between the library and the workflow: every module under src/smalltrees imports
with Snakemake (and the workflow's helper package) unavailable, so the learners, data access,
evaluation, reporting and the studies' pure functions work without the workflow (issue 20, 1)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
BLOCKED = ("snakemake", "smalltrees_workflow")

# Run in a fresh interpreter: a meta-path hook refuses the blocked packages (as if they were
# not installed), then every module of the package is imported by its file path.
CHILD = textwrap.dedent("""
    import importlib, sys
    from pathlib import Path

    BLOCKED = {blocked!r}

    class Refuse:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {{name!r}} (blocked by the test)",
                                          name=name)
            return None

    sys.meta_path.insert(0, Refuse())
    for name in BLOCKED:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError:
            pass
        else:
            raise SystemExit(f"the hook did not block {{name}}")

    src = Path({src!r})
    names = []
    for path in sorted((src / "smalltrees").rglob("*.py")):
        parts = path.relative_to(src).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    for name in names:
        module = importlib.import_module(name)
        if not Path(module.__file__).is_relative_to(src):
            raise SystemExit(f"{{name}} came from {{module.__file__}}, not from {{src}}")
    from smalltrees import T2  # the public entry point, resolved lazily
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    if loaded:
        raise SystemExit(f"blocked packages loaded: {{loaded}}")
    print(len(names))
""")


def run_child(code: str, src: Path = SRC) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter with only ``src`` on PYTHONPATH."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT)


def test_every_library_module_imports_without_snakemake_or_the_workflow_helpers():
    result = run_child(CHILD.format(blocked=BLOCKED, src=str(SRC)))
    assert result.returncode == 0, result.stderr + result.stdout
    modules = len(list((SRC / "smalltrees").rglob("*.py")))
    assert int(result.stdout.split()[-1]) == modules > 50


def test_the_check_fails_for_a_module_that_imports_snakemake(tmp_path):
    # the same child on a copy of one package with an offending module must fail
    package = tmp_path / "smalltrees"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "leaky.py").write_text("import snakemake\n")
    result = run_child(CHILD.format(blocked=BLOCKED, src=str(tmp_path)).replace(
        "from smalltrees import T2", "pass"), src=tmp_path)
    assert result.returncode != 0
    assert "No module named 'snakemake' (blocked by the test)" in result.stderr
