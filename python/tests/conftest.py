import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory):
    """Compiled programs go to a cache of the test run's own."""
    os.environ["SDFG_MLIR_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
