#define _XOPEN_SOURCE 700
#include "cli_bench_server.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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

bool solarBenchImportServerStart(SolarBenchImportServer *server) {
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
  const char *python = getenv("SOLAR_PYTHON");
  if (!python || !*python)
    python = "python3";
  const char *argv[] = {python,
                        SOLAR_SOURCE_DIR "/tools/python/solar_import_server.py",
                        server->socket, NULL};
  /* Its own chatter (import warnings) would interleave with the progress
   * lines; the programs' imports report through their own streams. */
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null",
                                   O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null",
                                   O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null",
                                   O_WRONLY, 0);
  int rc = posix_spawnp(&server->pid, python, &actions, NULL,
                        (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
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
