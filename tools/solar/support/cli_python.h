/* Running the Python sides (the scripts in tools/python) as child processes: the one
 * place that picks the interpreter ($SOLAR_PYTHON, else python3), builds
 * the argument list and wires the child's streams, for the importer
 * (cli_import), the reference runner (cli_reference) and the import
 * server of `solar bench` (cli_bench_server). */
#ifndef SOLAR_CLI_PYTHON_H
#define SOLAR_CLI_PYTHON_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* $SOLAR_PYTHON when set and not empty, else "python3". */
const char *solarPython(void);

/* Where the Python sides (tools/python) are: $SOLAR_PYTHON_DIR when set
 * and not empty, else SOLAR_SOURCE_DIR/tools/python. */
const char *solarPythonDir(void);

/* A growing, NULL-terminated argument list (strings borrowed). Start from
 * {0}; free items when done. */
typedef struct {
  const char **items;
  size_t count, capacity;
} SolarArgs;
void solarArgsAdd(SolarArgs *args, const char *arg);
/* `flag value`, only when value is not NULL. */
void solarArgsOption(SolarArgs *args, const char *flag, const char *value);

/* The command line `solarPython() solarPythonDir()/SCRIPT
 * ARGS...` appended to *command (strings borrowed; the script's path is
 * written into scriptPath), for a caller that runs it itself (under a
 * process tree, cli_process_tree.h). */
void solarPythonCommand(const char *script, const SolarArgs *args,
                        char *scriptPath, size_t scriptPathSize,
                        SolarArgs *command);

/* Where a child's stream goes. */
typedef enum {
  SOLAR_STREAM_INHERIT,   /* ours */
  SOLAR_STREAM_NULL,      /* /dev/null */
  SOLAR_STREAM_TO_STDERR, /* stdout only: into our stderr */
  SOLAR_STREAM_PIPE,      /* stderr only: a pipe the caller reads */
} SolarStream;

typedef struct {
  const char *script;      /* below tools/python/, e.g. "solar_import.py" */
  const SolarArgs *args;   /* after the script; may be NULL */
  SolarStream in, out, err;
  char *const *env;        /* NULL: ours */
} SolarPythonCall;

/* Starts `solarPython() tools/python/SCRIPT ARGS...` (our buffered output
 * flushed first); *errFd is the read end of its stderr when err is
 * SOLAR_STREAM_PIPE (the caller closes it), else -1. False with a message
 * ("cannot run 'python3': ... (set SOLAR_PYTHON)") when it did not start. */
bool solarPythonSpawn(const SolarPythonCall *call, pid_t *pid, int *errFd,
                      char *err, size_t errSize);

/* waitpid, resumed after signals. False with errno set when it fails. */
bool solarPythonWait(pid_t pid, int *status);

#endif
