#!/usr/bin/env python3
"""Load and validate SDFG files with DaCe 1.0.2, all in one process.

Usage: dace_validate.py FILE...      (or: dace_validate.py @LIST, one path a line)

Per file one line:
  ACCEPT <file>                       validate() passed
  REJECT <file>\t<Error>: <message>    validate() raised
  NOLOAD <file>\t<Error>: <message>    SDFG.from_file() itself failed
Exit status 0 whatever the verdicts (the caller compares them).
"""
import os
import sys
import tempfile
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dace_check import load  # noqa: E402  (also sets up DaCe the same way)


def one_line(ex):
    return f'{type(ex).__name__}: {ex}'.replace('\n', ' ').replace('\t', ' ')


def main(args):
    files = []
    for a in args:
        if a.startswith('@'):
            with open(a[1:]) as f:
                files.extend(line.strip() for line in f if line.strip())
        else:
            files.append(a)
    files = [os.path.abspath(f) for f in files]
    # validate() saves every invalid SDFG under ./_dacegraphs: keep that out of the way.
    os.chdir(tempfile.mkdtemp(prefix='dace_validate_'))
    for path in files:
        try:
            sdfg = load(path)
        except Exception as ex:
            print(f'NOLOAD {path}\t{one_line(ex)}', flush=True)
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')
                sdfg.validate()
        except Exception as ex:
            print(f'REJECT {path}\t{one_line(ex)}', flush=True)
            continue
        print(f'ACCEPT {path}', flush=True)


if __name__ == '__main__':
    main(sys.argv[1:])
