// Whether an X display can be opened. Debian's VTK 9.1 is GLX only: without a display it aborts
// the process, so callers ask first. Kept in its own file because Xlib defines macros (None,
// Bool, Status) that collide with ordinary C++ names.

#include "myriad/scenes/hall_scene.h"

#include <X11/Xlib.h>

#include <cstdlib>
#include <string>

namespace myriad::scenes
{

std::string displayError()
{
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display)
  {
    return "rendering needs an X display (DISPLAY is not set); run under xvfb-run, e.g. "
           "xvfb-run -a -s \"-screen 0 1600x1000x24\" <command>";
  }
  // Keep one connection open for the life of the process: Xvfb resets itself whenever its last
  // client disconnects, and a window opened during that reset fails ("bad X server
  // connection", which makes VTK abort). Holding a connection means the server never resets
  // between two off-screen renders.
  static Display* held = nullptr;
  static std::string heldName;
  if (held && heldName == display)
  {
    return {};
  }
  Display* connection = XOpenDisplay(nullptr);
  if (!connection)
  {
    return std::string("rendering needs an X display, but DISPLAY=") + display +
           " cannot be opened; check the X server or run under xvfb-run";
  }
  if (held)
  {
    XCloseDisplay(held);
  }
  held = connection;
  heldName = display;
  return {};
}

bool displayAvailable()
{
  return displayError().empty();
}

} // namespace myriad::scenes
