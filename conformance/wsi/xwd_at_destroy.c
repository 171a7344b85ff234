/* SPDX-License-Identifier: MIT */
/*
 * An LD_PRELOAD shim for screenshots of a program's last frame: before the
 * program destroys an X window, `xwd -id <window>` dumps it to the file
 * KILN_WSI_SHOT names. vkcube --c N destroys its window right after its
 * N-th frame, so the dump is that frame on any driver.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <xcb/xcb.h>

__attribute__((visibility("default"))) xcb_void_cookie_t
xcb_destroy_window(xcb_connection_t *c, xcb_window_t window);

xcb_void_cookie_t
xcb_destroy_window(xcb_connection_t *c, xcb_window_t window)
{
   const char *out = getenv("KILN_WSI_SHOT");
   if (out && *out) {
      free(xcb_get_input_focus_reply(c, xcb_get_input_focus(c), NULL));
      char cmd[4096];
      snprintf(cmd, sizeof(cmd), "xwd -silent -id %u > '%s'", window, out);
      if (system(cmd) != 0)
         fprintf(stderr, "xwd_at_destroy: '%s' failed\n", cmd);
   }
   xcb_void_cookie_t (*real)(xcb_connection_t *, xcb_window_t) =
      (xcb_void_cookie_t(*)(xcb_connection_t *, xcb_window_t))dlsym(RTLD_NEXT,
                                                                      "xcb_destroy_window");
   return real(c, window);
}
