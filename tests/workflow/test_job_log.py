"""A job's exit through :func:`smalltrees_workflow.logs.job_log`: the objects alive at exit are
frozen (the shutdown's last collection has nothing to go through), and a job's outcome, its log
and its exit status are those of the script."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import atexit, gc, sys
from types import SimpleNamespace
from smalltrees_workflow.logs import job_log

def report():  # registered first, so it runs after job_log's own exit handler
    print("frozen at exit:", gc.get_freeze_count() > 0)

atexit.register(report)
print("frozen before:", gc.get_freeze_count() > 0)
with job_log(SimpleNamespace(log=[sys.argv[1]])) as log:
    log.info("work done")
    if sys.argv[2] == "fail":
        raise ValueError("bad value")
"""


def run_job(tmp_path, outcome):
    log = tmp_path / "job.log"
    env = {"PYTHONPATH": f"{ROOT / 'src'}:{ROOT / 'workflow'}", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(log), outcome], env=env,
                          capture_output=True, text=True)
    return done, log.read_text()


def test_a_job_exits_with_its_objects_frozen(tmp_path):
    done, log = run_job(tmp_path, "succeed")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["frozen before: False", "frozen at exit: True"]
    assert "work done" in log


def test_a_failing_job_still_exits_nonzero_with_its_traceback_logged(tmp_path):
    done, log = run_job(tmp_path, "fail")
    assert done.returncode != 0
    assert "frozen at exit: True" in done.stdout
    assert "ValueError: bad value" in log and "Traceback" in log
