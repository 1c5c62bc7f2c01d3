// Benchmark of the thermal field in the hall view (scenes::ThermalView): solves the 10,240-GPU
// sample's hall, then times building the view from the result (field copy, slices, arrows),
// moving the horizontal slice, and the frame rate of the hall with and without the field shown.
//
// Run under an X server (Debian's VTK is GLX only), e.g.
//   xvfb-run -a -s "-screen 0 1600x1000x24" ./bench_scene_thermal [cell] [frames] [png]
// `png` (optional) writes one isometric frame with the slice and arrows shown.

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/scenes/hall_scene.h"
#include "myriad/scenes/thermal_view.h"

#include <vtkCamera.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkPolyData.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkWindowToImageFilter.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace myriad;
using Clock = std::chrono::steady_clock;

namespace
{

double msSince(Clock::time_point start)
{
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/** Render `frames` frames orbiting 2° per frame; milliseconds per frame. */
double msPerFrame(vtkRenderWindow* window, vtkRenderer* renderer, int frames)
{
  window->Render(); // first frame uploads buffers: not timed
  window->WaitForCompletion();
  const Clock::time_point start = Clock::now();
  for (int i = 0; i < frames; ++i)
  {
    renderer->GetActiveCamera()->Azimuth(2.0);
    renderer->ResetCameraClippingRange();
    window->Render();
  }
  window->WaitForCompletion();
  return msSince(start) / frames;
}

void writePng(vtkRenderWindow* window, const char* path)
{
  window->Render();
  vtkNew<vtkWindowToImageFilter> grab;
  grab->SetInput(window);
  grab->ReadFrontBufferOff();
  vtkNew<vtkPNGWriter> png;
  png->SetInputConnection(grab->GetOutputPort());
  png->SetFileName(path);
  png->Write();
}

} // namespace

int main(int argc, char** argv)
{
  const double cell = argc > 1 ? std::atof(argv[1]) : 0.25;
  const int frames = argc > 2 ? std::atoi(argv[2]) : 30;
  if (const std::string problem = scenes::displayError(); !problem.empty())
  {
    std::fprintf(stderr, "bench_scene_thermal: %s\n", problem.c_str());
    return 1;
  }
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const std::string sample = std::string(MYRIAD_SOURCE_DIR) + "/samples/h100-superpod-10k.json";
  const engine::Scene scene =
    std::filesystem::exists(sample)
      ? engine::loadScene(sample, catalog)
      : engine::generateScene(engine::builtinSpec("h100-superpod-10k"), catalog);
  engine::thermal::ThermalOptions options;
  options.cellM = cell;
  Clock::time_point start = Clock::now();
  const engine::thermal::ThermalResult result =
    engine::thermal::analyzeHall(scene, 0, catalog, options);
  const engine::thermal::ThermalGrid& grid = result.problem.grid;
  std::printf("h100-superpod-10k: grid %d x %d x %d = %zu cells of %.2f m, solve %.0f ms\n",
              grid.nx, grid.ny, grid.nz, grid.cellCount(), grid.cellM, msSince(start));

  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetSize(1280, 800);
  vtkNew<vtkRenderer> renderer;
  window->AddRenderer(renderer);
  scenes::HallScene hall(renderer);
  hall.build(scene, catalog);
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  const double hallOnlyMs = msPerFrame(window, renderer, frames);

  scenes::ThermalView view(renderer);
  start = Clock::now();
  view.setResult(result);
  const double buildMs = msSince(start);
  start = Clock::now();
  for (int step = 0; step < 10; ++step)
  {
    view.setSliceHeight(0.4 + 0.3 * step);
  }
  const double moveMs = msSince(start) / 10;
  view.setSliceHeight(1.2);
  const scenes::ThermalViewStats s = view.stats();
  std::printf("view build (field copy, slice, arrow seeds) %.1f ms; slice move %.1f ms; "
              "slice %d cells, %d arrows\n",
              buildMs, moveMs, s.horizontalCells, s.arrows);

  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  const double sliceMs = msPerFrame(window, renderer, frames);
  view.setArrowsVisible(true);
  view.setVerticalSlice(scenes::VerticalSlice::AlongX, 0.5 * (view.bounds()[2] + view.bounds()[3]));
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  const double allMs = msPerFrame(window, renderer, frames);
  start = Clock::now();
  view.setIsosurface(27.0);
  const double isoMs = msSince(start);
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  const double isoFrameMs = msPerFrame(window, renderer, frames);
  std::printf("frame (1280x800, isometric orbit, %d frames): hall only %.1f ms, + slice %.1f ms, "
              "+ slice, vertical slice and arrows %.1f ms\n",
              frames, hallOnlyMs, sliceMs, allMs);
  std::printf("isosurface 27 C: build %.1f ms, %d polygons; frame with everything %.1f ms\n", isoMs,
              view.stats().isosurfaceTriangles, isoFrameMs);
  view.setIsosurface(std::nullopt);
  start = Clock::now();
  view.setStreamlinesVisible(true);
  const double streamMs = msSince(start);
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  const double streamFrameMs = msPerFrame(window, renderer, frames);
  std::printf("streamlines: trace %.1f ms, %d lines of %lld points from %zu seeds; frame with "
              "slices, arrows and streamlines %.1f ms\n",
              streamMs, view.stats().streamlines,
              static_cast<long long>(view.streamlineData()->GetNumberOfPoints()),
              view.streamlineSeeds().size(), streamFrameMs);
  if (argc > 3)
  {
    hall.applyCameraPreset(scenes::CameraPreset::Isometric);
    writePng(window, argv[3]);
  }
  return 0;
}
