#pragma once
// Writing an off-screen render window to a PNG file: shared by renderToPng (the hall) and
// renderThermalSliceToPng (a thermal slice) so both grab and check the file the same way.

#include <string>

class vtkRenderWindow;

namespace myriad::scenes::detail
{

/** Render `window` (already sized and off screen) and write its colour buffer as RGB PNG to
 *  `pngPath`. Returns false with `error` naming the file when nothing usable was written. */
bool writeWindowPng(vtkRenderWindow* window, const std::string& pngPath, std::string* error);

} // namespace myriad::scenes::detail
