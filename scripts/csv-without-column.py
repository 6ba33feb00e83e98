#!/usr/bin/env python3
"""Print a CSV file (RFC 4180, as beztune writes it) without one column, e.g. the wall time
`seconds`, so that two runs of the same batch can be compared byte for byte.

usage: scripts/csv-without-column.py FILE COLUMN > OUT
Exits 1 with one line naming the file when it cannot be read or has no such column.
"""
import csv
import sys


def main():
    if len(sys.argv) != 3:
        print("csv-without-column.py: usage: csv-without-column.py FILE COLUMN", file=sys.stderr)
        return 2
    path, column = sys.argv[1], sys.argv[2]
    try:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        print(f"csv-without-column.py: {path}: {error}", file=sys.stderr)
        return 1
    if not rows or column not in rows[0]:
        print(f"csv-without-column.py: {path}: no column '{column}' in its header", file=sys.stderr)
        return 1
    i = rows[0].index(column)
    csv.writer(sys.stdout, lineterminator="\n").writerows(r[:i] + r[i + 1:] for r in rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
