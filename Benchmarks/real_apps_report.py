"""The report of real-apps.sh: per-app findings and times, and precision and recall against a
verdicts file (see real-apps.sh for its format)."""
import json
import os
import sys

out, verdicts_path = sys.argv[1], sys.argv[2]
runs = [line.rstrip("\n").split("\t") for line in open(os.path.join(out, "runs.tsv"))]
judged, problems = {}, []
if verdicts_path:
    for number, line in enumerate(open(verdicts_path), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.rstrip("\n").split("\t")
        if parts[0] == "finding" and len(parts) == 5 and parts[4] in ("true", "false"):
            judged[(parts[1], parts[2], parts[3])] = parts[4] == "true"
        elif parts[0] == "problem" and len(parts) >= 4:
            problems.append((parts[1], parts[2], parts[3], parts[4] if len(parts) > 4 else ""))
        else:
            sys.exit(f"real-apps: error: {verdicts_path}:{number}: not a finding or problem line")

print("| app | files | exit | errors + warnings | notes | median ms |")
print("|---|---:|---:|---:|---:|---:|")
alarms, everything, unjudged = [], {}, []
for name, status, files, ms in runs:
    findings = json.load(open(os.path.join(out, name + ".json")))
    loud = [f for f in findings if f["severity"] in ("error", "warning")]
    everything[name] = findings
    for f in loud:
        alarms.append((name, f["rule"], f["file"] or "", f["severity"]))
    print(f"| {name} | {files} | {status} | {len(loud)} | {len(findings) - len(loud)} | {ms} |")

print()
for name, rule, file, severity in alarms:
    verdict = judged.get((name, rule, file))
    mark = "true" if verdict else "false" if verdict is False else "unjudged"
    print(f"- {mark}: {name} {severity} `{rule}` {file}")
    if verdict is None:
        unjudged.append((name, rule, file))
if verdicts_path:
    rated = [a for a in alarms if (a[0], a[1], a[2]) in judged]
    true = sum(judged[(a[0], a[1], a[2])] for a in rated)
    print()
    if rated:
        print(f"precision on errors and warnings: {true}/{len(rated)} = {true / len(rated):.2f}")
    if problems:
        def found(problem, loud_only):
            app, rule, file, _ = problem
            return any(f["rule"] == rule and (f["file"] or "") == file
                       and (not loud_only or f["severity"] in ("error", "warning"))
                       for f in everything.get(app, []))
        anywhere = sum(found(p, False) for p in problems)
        loud = sum(found(p, True) for p in problems)
        print(f"recall on the problems found by reading: {anywhere}/{len(problems)} = "
              f"{anywhere / len(problems):.2f} (as an error or warning: {loud}/{len(problems)} = {loud / len(problems):.2f})")
        for problem in problems:
            if not found(problem, False):
                print(f"- missed: {problem[0]} `{problem[1]}` {problem[2]}: {problem[3]}")
    exits = [r for r in runs if r[1] == "1"]
    print(f"apps that exit 1: {len(exits)} of {len(runs)}")
    if unjudged:
        print(f"unjudged errors and warnings: {len(unjudged)} (judge them in {verdicts_path})")
