"""
moto's server (`python3 -m moto.server`) with three fixes to its per-request CPU: the same answers, less work.
Under the platform's callback load moto was the busiest process on the machine, ~6.5 ms of CPU per SQS call
(bench/src/machine-cpu.ts; moto 5.2.1):

- each message a receive hands out is checked against the queue's retention period by building every attribute of
  the queue three times (each build walks all the queue's messages three times to count them): one receive of ten
  messages walked a queue of n messages ~90 times. The check here reads the one attribute it needs;
- `camelcase_to_underscores` (a pure function of a name; every attribute build converts twenty) is memoised;
- the list of moto's service folders, read from disk (a listdir and a stat per folder) to route every request, is
  read once;
- no access-log line per request on stderr (the platform keeps only the last lines, for start-up errors, and read
  every one); errors are still written.

Anything this expects but does not find is left as moto has it, with a line on stderr.
"""
import functools
import sys

import moto.core.utils as core_utils


def warn(what):
    print(f"moto-server.py: {what} not found; left as moto has it", file=sys.stderr)


original_camel = core_utils.camelcase_to_underscores
camel = functools.lru_cache(maxsize=4096)(original_camel)
core_utils.camelcase_to_underscores = camel
# Modules that imported it by name before this ran.
for module in list(sys.modules.values()):
    if getattr(module, "camelcase_to_underscores", None) is original_camel:
        module.camelcase_to_underscores = camel

import moto.backends as backends  # noqa: E402
from moto.sqs.models import SQSBackend  # noqa: E402

if hasattr(backends, "list_of_moto_modules"):
    service_folders = tuple(backends.list_of_moto_modules())
    backends.list_of_moto_modules = lambda: service_folders
else:
    warn("moto.backends.list_of_moto_modules")


def retained(self, queue_name, message):
    # moto's test: kept while sent + MessageRetentionPeriod (seconds) is in the future.
    return self.get_queue(queue_name).message_retention_period + message.sent_timestamp / 1000 > core_utils.unix_time()


if hasattr(SQSBackend, "is_message_valid_based_on_retention_period"):
    SQSBackend.is_message_valid_based_on_retention_period = retained
else:
    warn("SQSBackend.is_message_valid_based_on_retention_period")

from werkzeug.serving import WSGIRequestHandler  # noqa: E402

WSGIRequestHandler.log_request = lambda self, code="-", size="-": None

from moto.server import main  # noqa: E402

if __name__ == "__main__":
    main(sys.argv[1:])
