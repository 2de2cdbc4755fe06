#!/usr/bin/env python3
"""Runs a command and prints the CPU (user, system) and wall seconds of its whole process tree.

`/usr/bin/time` counts only the processes their parents waited for: Chromium's renderer and GPU processes are
re-parented when the browser ends, and their CPU is lost. This process makes itself the tree's subreaper
(prctl PR_SET_CHILD_SUBREAPER), so every orphan is re-parented here and reaped, and RUSAGE_CHILDREN holds all.
It waits until the last descendant has ended. It also samples /proc every 0.25 s and prints the CPU by kind of
process (Chromium's by --type; processes shorter than a sample are missing from that table, not from the total).
Usage: python3 bench/cpu-tree.py npx vitest run
"""
import collections
import ctypes
import os
import resource
import subprocess
import sys
import threading
import time

PR_SET_CHILD_SUBREAPER = 36
if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
    sys.exit("cpu-tree: prctl(PR_SET_CHILD_SUBREAPER) failed")
TICKS = os.sysconf("SC_CLK_TCK")
last = {}  # pid -> (kind, CPU ticks when last seen)


def kind_of(pid):
    try:
        argv = [a.decode(errors="replace") for a in open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0") if a]
    except OSError:
        return "?"
    line = " ".join(argv)
    if "chromium" in line:
        kind = next((a[7:] for a in argv if a.startswith("--type=")), "browser")
        return f"chromium {kind}"
    if "vitest" in line:
        return "vitest worker" if "forks" in line else "vitest main"
    return " ".join(os.path.basename(a) for a in argv[:2])[:40]


def descendants():
    children = collections.defaultdict(list)
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                children[int(open(f"/proc/{name}/stat").read().rsplit(")", 1)[1].split()[1])].append(int(name))
            except (OSError, IndexError):
                pass
    found, todo = [], [os.getpid()]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def sample(stop):
    while not stop.is_set():
        for pid in descendants():
            try:
                fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            kind = last[pid][0] if pid in last else kind_of(pid)
            last[pid] = (kind, int(fields[11]) + int(fields[12]))
        stop.wait(0.25)


stop = threading.Event()
threading.Thread(target=sample, args=(stop,), daemon=True).start()
started = time.monotonic()
command = subprocess.Popen(sys.argv[1:])
code = 1
while True:
    try:
        pid, status = os.wait()
    except ChildProcessError:
        break
    if pid == command.pid:
        code = os.waitstatus_to_exitcode(status)
stop.set()
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
by_kind = collections.Counter()
for kind, ticks in last.values():
    by_kind[kind] += ticks / TICKS
print(f"cpu-tree: {usage.ru_utime:.2f} s user, {usage.ru_stime:.2f} s system, {time.monotonic() - started:.2f} s wall, exit {code}", file=sys.stderr)
for kind, seconds in by_kind.most_common(12):
    print(f"  {seconds:7.2f} s  {kind}", file=sys.stderr)
sys.exit(code if code > 0 else 1 if code < 0 else 0)
