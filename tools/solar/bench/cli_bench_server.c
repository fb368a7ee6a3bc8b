/* Starting and stopping the import fork server of a bench run
 * (cli_bench_server.h). */
#define _XOPEN_SOURCE 700
#include "cli_bench_server.h"

#include "cli_python.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define SERVER_ENV "SOLAR_IMPORT_SERVER"

/* The server binds its socket before importing anything heavy (clients
 * then queue while torch loads); until the socket exists a client would
 * find no server and import on its own. False when the server ended or no
 * socket came within a minute (a very loaded machine). */
static bool awaitSocket(const SolarBenchImportServer *server) {
  struct timespec step = {0, 20 * 1000 * 1000};
  for (int i = 0; i < 3000; ++i) {
    if (access(server->socket, F_OK) == 0)
      return true;
    if (waitpid(server->pid, NULL, WNOHANG) == server->pid)
      return false;
    nanosleep(&step, NULL);
  }
  return false;
}

bool solarBenchImportServerStart(SolarBenchImportServer *server,
                                 bool idleThreadsSleep) {
  memset(server, 0, sizeof(*server));
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp)
    tmp = "/tmp";
  int n = snprintf(server->dir, sizeof(server->dir),
                   "%s/solar-import-server-XXXXXX", tmp);
  if (n < 0 || (size_t)n >= sizeof(server->dir) || !mkdtemp(server->dir))
    return false;
  struct sockaddr_un address;
  n = snprintf(server->socket, sizeof(server->socket), "%s/socket",
               server->dir);
  /* A Unix socket path is short (sun_path); a long TMPDIR goes without. */
  if (n < 0 || (size_t)n >= sizeof(address.sun_path)) {
    rmdir(server->dir);
    return false;
  }
  const char *args[] = {server->socket, "--idle-threads-sleep"};
  SolarArgs list = {args, idleThreadsSleep ? 2 : 1, 2};
  /* Its own chatter (import warnings) would interleave with the progress
   * lines; the programs' imports report through their own streams. */
  SolarPythonCall call = {"solar_import_server.py", &list, SOLAR_STREAM_NULL,
                          SOLAR_STREAM_NULL, SOLAR_STREAM_NULL, NULL};
  int errFd;
  char err[256];
  bool started = solarPythonSpawn(&call, &server->pid, &errFd, err,
                                  sizeof(err));
  if (!started) {
    server->pid = 0;
    rmdir(server->dir);
    return false;
  }
  if (!awaitSocket(server)) {
    kill(server->pid, SIGTERM);
    while (waitpid(server->pid, NULL, 0) < 0 && errno == EINTR)
      ;
    server->pid = 0;
    unlink(server->socket);
    rmdir(server->dir);
    return false;
  }
  setenv(SERVER_ENV, server->socket, 1);
  return true;
}

void solarBenchImportServerStop(SolarBenchImportServer *server) {
  if (!server->pid)
    return;
  unsetenv(SERVER_ENV);
  kill(server->pid, SIGTERM);
  int status;
  while (waitpid(server->pid, &status, 0) < 0 && errno == EINTR)
    ;
  server->pid = 0;
  unlink(server->socket);
  rmdir(server->dir);
}
