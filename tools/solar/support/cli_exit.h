/* The exit statuses every `solar` command shares (docs/user-guide.md,
 * "Exit status"): `solar bench` tells its children's outcomes apart by
 * them, scripts by all of them. */
#ifndef SOLAR_CLI_EXIT_H
#define SOLAR_CLI_EXIT_H

enum {
  SOLAR_EXIT_OK = 0,
  /* the program, the reference run, a hardware or --measured file, the
   * analysis, writing an output; for bench/translate: not every program
   * or attempt succeeded */
  SOLAR_EXIT_FAILURE = 1,
  SOLAR_EXIT_USAGE = 2,         /* the command line: nothing was run */
  SOLAR_EXIT_NOT_VERIFIED = 3,  /* the IR does not compute what the
                                   program computes: not analyzed */
  SOLAR_EXIT_NO_IR = 4,         /* no frontend produced verified IR */
  SOLAR_EXIT_INTERRUPTED = 130, /* SIGINT / SIGTERM (128 + SIGINT) */
};

#endif
