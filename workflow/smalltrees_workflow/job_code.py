"""The code a job runs, as one digest in its params: the package modules it imports, read from
the import graph.

Each rule declares ``code=CODE.of("<script>")`` among its params: the sha256 of the source
files of the ``smalltrees`` and ``smalltrees_workflow`` modules its job imports (and of its
script), so that Snakemake reruns a job when (and only when) code it runs has changed (its
``params`` rerun trigger, on by default): editing the IFN learner reruns the jobs that fit IFN
and the tables built from them, not the T2 or C4.5 jobs. A digest, not the files as inputs:
with about 40 code files per job, 12,000 of the default workflow's 14,400 inputs were code
files, which Snakemake stats in every scheduling round for every ready job and checksums into
every output's metadata (docs/running.md, "Twelfth session"). The digest depends on the
files' contents and paths, not on their modification times: a checkout or ``touch`` that
leaves the code as it was reruns nothing.

What a job runs is found statically, without importing anything:

- the ``import`` and ``from ... import`` statements of its script, then of every module they
  name, transitively, including imports inside functions (lazy imports run when the function
  does) but not those under ``if TYPE_CHECKING:`` (they never run); relative imports are
  resolved against the importing module's package, and importing ``a.b.c`` also runs the
  ``__init__`` of ``a`` and ``a.b``;
- the learners a job builds *by name* through the registry
  (:func:`smalltrees.learners.registry.make_learner`, which imports the class's module only when
  called): the rule passes the learner entries it gives the job (``{class: C45, params: ...}``),
  and the module of each class named (``LEARNER_CLASSES``: name -> ``"module:Class"``) is added
  with its own imports, as are the learners nested in an entry's params (Bagging's base learner,
  given as ``base:`` or ``estimator:``, either a nested entry or a registered class name);
- ``from smalltrees import T2`` (a name the package resolves lazily, PEP 562) counts as an import
  of T2's module.

The graph is parsed once per process and cached, and so are the files of each set of modules
and each file's digest: Snakemake calls the params functions once per job (the 392 jobs of the
default workflow share about 50 sets; computing each job's list anew was about a quarter of a
dry run's CPU).
"""

from __future__ import annotations

import ast
import hashlib
import os
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path

NESTED_LEARNER_KEYS = ("base", "estimator")
"""Learner parameters that may name another learner's class (Bagging's base learner)."""


class ImportGraph:
    """The imports between the modules of some top-level packages, read from their sources.

    ``roots`` maps a top-level package name to its directory; ``aliases`` maps a lazily
    resolved attribute (``"smalltrees.T2"``) to the module that defines it.
    """

    def __init__(self, roots: Mapping[str, str | os.PathLike],
                 aliases: Mapping[str, str] | None = None):
        self.roots = {name: Path(path) for name, path in roots.items()}
        self.aliases = dict(aliases or {})
        self.imports = cache(self._imports)
        self.closure = cache(self._closure)
        self.module_file = cache(self._module_file)
        self._files = cache(self._relative_files)

    def _module_file(self, module: str) -> Path | None:
        """The source file of ``module`` (its ``__init__.py`` for a package), or ``None`` when
        it is not a module of the roots (:attr:`module_file`, cached: a module's file does not
        change while the workflow is built)."""
        top, *rest = module.split(".")
        if top not in self.roots:
            return None
        path = self.roots[top].joinpath(*rest)
        for candidate in (path / "__init__.py", path.with_suffix(".py")):
            if candidate.is_file():
                return candidate
        return None

    def is_package(self, module: str) -> bool:
        """Whether ``module`` is a package (an ``__init__.py``)."""
        path = self.module_file(module)
        return path is not None and path.name == "__init__.py"

    def _imports(self, module: str) -> frozenset[str]:
        """The modules of the roots that importing ``module`` runs directly (parents too)."""
        path = self.module_file(module)
        if path is None:
            return frozenset()
        package = module if self.is_package(module) else module.rpartition(".")[0]
        found = self.imported_by(path, package)
        parent = module.rpartition(".")[0]
        if parent:
            found.add(parent)
        found.discard(module)
        return frozenset(found)

    def imported_by(self, path: Path, package: str = "") -> set[str]:
        """The modules of the roots that the source file ``path`` imports (a script, or a
        module of ``package`` when relative imports must be resolved)."""
        found: set[str] = set()
        for name, attributes in _import_statements(ast.parse(path.read_bytes(), str(path)),
                                                   package, path):
            found |= self._with_parents(name)
            for attribute in attributes:
                qualified = f"{name}.{attribute}"
                target = self.aliases.get(qualified)
                if target is None and self.module_file(qualified) is not None:
                    target = qualified
                if target is not None:
                    found |= self._with_parents(target)
        return found

    def _with_parents(self, module: str) -> set[str]:
        """``module`` and its parent packages, those of the roots only."""
        parts = module.split(".")
        return {m for m in (".".join(parts[:i]) for i in range(1, len(parts) + 1))
                if self.module_file(m) is not None}

    def _closure(self, modules: frozenset[str]) -> frozenset[str]:
        """``modules`` and every module they import, transitively."""
        seen: set[str] = set()
        todo = [m for m in modules if self.module_file(m) is not None]
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(self.imports(module) - seen)
        return frozenset(seen)

    def files(self, modules: Iterable[str], relative_to: str | os.PathLike) -> list[str]:
        """The source files of ``modules`` and of all they import, sorted, as paths relative
        to ``relative_to`` (computed once per set of modules: the jobs of a rule share it)."""
        return list(self._files(frozenset(modules), str(relative_to)))

    def _relative_files(self, modules: frozenset[str], relative_to: str) -> tuple[str, ...]:
        closure = self.closure(modules)
        return tuple(sorted(os.path.relpath(self.module_file(m), relative_to)
                            for m in closure))


def _import_statements(tree: ast.AST, package: str,
                       path: Path) -> Iterable[tuple[str, list[str]]]:
    """(module, names imported from it) for every import statement that can run, relative
    imports resolved against ``package``."""
    for node in _runnable_nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".") if package else []
                if node.level - 1 > len(parts) or not parts:
                    raise ValueError(f"{path}:{node.lineno}: relative import beyond the "
                                     f"top-level package (package {package!r})")
                base = parts[: len(parts) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module
            yield name, [alias.name for alias in node.names if alias.name != "*"]


def _runnable_nodes(tree: ast.AST) -> Iterable[ast.AST]:
    """Every node of ``tree`` except the bodies of ``if TYPE_CHECKING:`` blocks."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def learner_modules(value, classes: Mapping[str, str]) -> set[str]:
    """The modules of every learner class named in ``value``: a learner entry
    ``{class: ..., params: {...}}`` or any mapping or list holding entries, with the learners
    nested in an entry's params (``base:`` or ``estimator:``, an entry or a class name)."""
    found: set[str] = set()
    if isinstance(value, Mapping):
        name = value.get("class")
        if isinstance(name, str) and name in classes:
            found.add(classes[name].partition(":")[0])
            params = value.get("params") or {}
            for key in NESTED_LEARNER_KEYS:
                nested = params.get(key) if isinstance(params, Mapping) else None
                if isinstance(nested, str) and nested in classes:
                    found.add(classes[nested].partition(":")[0])
            found |= learner_modules(params, classes)
        else:
            for item in value.values():
                found |= learner_modules(item, classes)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= learner_modules(item, classes)
    return found


class JobCode:
    """The code each of the workflow's jobs runs (see the module's docstring).

    ``basedir`` is the project's root (``src/``, ``workflow/``); ``classes`` the learner
    registry (name -> ``"module:Class"``). Paths are given relative to the working directory.
    """

    def __init__(self, basedir: str | os.PathLike, classes: Mapping[str, str]):
        self.basedir = Path(basedir)
        self.classes = dict(classes)
        self.scripts = self.basedir / "workflow" / "scripts"
        self.graph = ImportGraph(
            {"smalltrees": self.basedir / "src" / "smalltrees",
             "smalltrees_workflow": self.basedir / "workflow" / "smalltrees_workflow"},
            aliases={f"smalltrees.{name}": target.partition(":")[0]
                     for name, target in self.classes.items()})
        self._script_imports = cache(self._read_script)
        self._file_digest = cache(_file_digest)
        self._digest = cache(self._files_digest)

    def _read_script(self, script: str) -> frozenset[str]:
        path = self.scripts / script
        if not path.is_file():
            raise FileNotFoundError(f"job code: no script {path}")
        return frozenset(self.graph.imported_by(path))

    def files(self, script: str, learners=None) -> list[str]:
        """The source files the job of ``script`` (under workflow/scripts/) runs: the script
        itself (a ``run:`` block's code trigger covers only the block), the modules it imports
        and those of the learners named in ``learners`` (entries, or mappings/lists of
        them)."""
        modules = self._script_imports(script) | learner_modules(learners, self.classes)
        return [*self.graph.files(modules, Path.cwd()),
                os.path.relpath(self.scripts / script, Path.cwd())]

    def digest(self, script: str, learners=None) -> str:
        """The sha256 of :meth:`files`: of each file's path and contents, in their order."""
        return self._digest(tuple(self.files(script, learners)))

    def _files_digest(self, files: tuple[str, ...]) -> str:
        whole = hashlib.sha256()
        for path in files:
            whole.update(f"{path}\0{self._file_digest(path)}\n".encode())
        return "sha256:" + whole.hexdigest()

    def of(self, script: str, learners=None) -> Callable:
        """What a rule declares as the param ``code=``: a params function giving the
        :meth:`digest` of the job's code (``learners`` may itself be a function of the
        wildcards, a params function). A function, so that the import graph is read only for
        the rules of the jobs Snakemake builds: a cluster job's own Snakemake builds one job,
        and reading every script's imports at every start cost about 0.5 CPU-s
        (docs/cluster.md)."""
        if callable(learners):
            return lambda wildcards: self.digest(script, learners(wildcards))
        return lambda wildcards: self.digest(script, learners)


def _file_digest(path: str) -> str:
    """The sha256 of the file at ``path`` (read once per process: code does not change while
    the workflow is built)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
