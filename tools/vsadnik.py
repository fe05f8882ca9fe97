"""How the tools find and start vsadnik: one rule for all of them.

The program is `$VSADNIK_BIN` when it is set, else this repository's
target/release/vsadnik, else its target/debug/vsadnik (the first of the two
that is built), else `vsadnik` on PATH. A tool's own option (`--engine`,
`--binary`) comes before the rule.

    python3 -m tools.vsadnik

prints the program the rule finds (for shell scripts), or says why there is
none on standard error and exits with status 2.
"""
import os
import shutil
import subprocess
import sys

from tools import REPO

# The help of a tool's option that names the program.
HELP = ("the vsadnik program (default: $VSADNIK_BIN, else target/release/vsadnik or "
        "target/debug/vsadnik of this repository, else vsadnik on PATH)")


class NotFound(Exception):
    """No vsadnik program by the rule, or the one named cannot be run."""


def find(given=None):
    """The vsadnik program to run: `given` (a tool's option) when there is
    one, else by the rule of the module docstring. `given` and
    `$VSADNIK_BIN` are returned as they are (starting them says what is
    wrong with them)."""
    if given:
        return given
    path = os.environ.get("VSADNIK_BIN")
    if path:
        return path
    for profile in ("release", "debug"):
        path = os.path.join(REPO, "target", profile, "vsadnik")
        if os.access(path, os.X_OK):
            return path
    path = shutil.which("vsadnik")
    if path:
        return path
    raise NotFound("cannot find vsadnik: set VSADNIK_BIN to its path, or build it "
                   "(cargo build --release)")


def require(given=None):
    """`find(given)` for a tool's main: when there is no program, or it is
    not an executable file, the tool ends with the reason on standard error
    and exit status 2."""
    try:
        path = find(given)
        if not shutil.which(path):
            raise NotFound("cannot run vsadnik: %s is not an executable file" % path)
    except NotFound as e:
        sys.stderr.write("%s\n" % e)
        sys.exit(2)
    return path


def start(program, args=(), **popen):
    """`program ARGS` as a child process with piped standard input and
    output; `popen` adds or overrides subprocess.Popen's settings."""
    return subprocess.Popen([program, *args], **{"stdin": subprocess.PIPE,
                                                 "stdout": subprocess.PIPE, **popen})


def run(program, args, nice=0, **kwargs):
    """`program ARGS` run to its end (subprocess.run with `kwargs`), at
    the niceness `nice` when it is not 0."""
    prefix = ["nice", "-n", str(nice)] if nice else []
    return subprocess.run(prefix + [program, *args], **kwargs)


if __name__ == "__main__":
    print(require())
