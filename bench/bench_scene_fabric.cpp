// Benchmark of the fabric view (scenes/fabric_view.h): on the 10,240-GPU sample, the time to
// compute the fabric (generate + route + BOM), to build the cable bundles, and the frame rate
// of the hall with and without the cables (off screen, orbiting camera, Isometric preset).
//
// Run under an X server (Debian's VTK is GLX only), e.g.
//   xvfb-run -a -s "-screen 0 1600x1000x24" ./bench_scene_fabric [frames] [width] [height] [runs]

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/paths.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"
#include "myriad/scenes/fabric_view.h"
#include "myriad/scenes/hall_scene.h"

#include <vtkCamera.h>
#include <vtkNew.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

using namespace myriad;
namespace fab = engine::fabric;
using Clock = std::chrono::steady_clock;

namespace
{

double msSince(Clock::time_point start)
{
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/** Render `frames` frames, orbiting the camera 2° per frame; returns ms per frame. */
double msPerFrame(vtkRenderWindow* window, vtkRenderer* renderer, int frames)
{
  window->Render(); // first frame uploads buffers and compiles shaders: not timed
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

} // namespace

int main(int argc, char** argv)
{
  const int frames = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  const int width = argc > 2 ? std::atoi(argv[2]) : 1280;
  const int height = argc > 3 ? std::atoi(argv[3]) : 800;
  const int runs = argc > 4 ? std::max(1, std::atoi(argv[4])) : 3;
  if (!scenes::displayAvailable())
  {
    std::fprintf(stderr, "bench_scene_fabric: %s\n", scenes::displayError().c_str());
    return 1;
  }
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const engine::Scene scene =
    engine::loadScene(std::string(MYRIAD_SOURCE_DIR) + "/samples/h100-superpod-10k.json", catalog);

  double fabricMs = std::numeric_limits<double>::infinity();
  fab::FabricGraph graph;
  fab::CablingResult cabling;
  for (int r = 0; r < runs; ++r)
  {
    const Clock::time_point start = Clock::now();
    graph = fab::buildSuperPod(scene, catalog);
    cabling = fab::routeCables(graph, scene, catalog);
    const auto bom = fab::billOfMaterials(graph, cabling, catalog);
    fabricMs = std::min(fabricMs, msSince(start));
  }

  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetSize(width, height);
  vtkNew<vtkRenderer> renderer;
  window->AddRenderer(renderer);
  scenes::HallScene hall(renderer);
  hall.build(scene, catalog);
  hall.applyCameraPreset(scenes::CameraPreset::Isometric);
  scenes::FabricView view(renderer);
  double buildMs = std::numeric_limits<double>::infinity();
  for (int r = 0; r < runs; ++r)
  {
    const Clock::time_point start = Clock::now();
    view.build(graph, cabling, scene, catalog);
    buildMs = std::min(buildMs, msSince(start));
  }
  const scenes::FabricViewStats stats = view.stats();
  std::printf("10,240 GPUs: %zu cables, %d bundles, %d drops\n", cabling.cables.size(),
              stats.bundles, stats.drops);
  std::printf("  fabric generate + route + BOM  %7.1f ms (best of %d)\n", fabricMs, runs);
  std::printf("  fabric view build              %7.1f ms (best of %d)\n", buildMs, runs);

  // Highlight: the ECMP set between the first and the last NIC (different pods).
  int first = -1, last = -1;
  for (int d = 0; d < static_cast<int>(graph.devices().size()); ++d)
  {
    if (graph.device(d).kind == fab::DeviceKind::Nic)
    {
      first = first < 0 ? d : first;
      last = d;
    }
  }
  const Clock::time_point pathStart = Clock::now();
  const auto paths = fab::ecmpPaths(graph, first, last, 256);
  view.highlightPaths(paths);
  std::printf("  ECMP set (%zu paths) + highlight %5.1f ms\n", paths.size(), msSince(pathStart));

  view.setCablesVisible(false);
  view.clearHighlight();
  const double without = msPerFrame(window, renderer, frames);
  view.setCablesVisible(true);
  const double with = msPerFrame(window, renderer, frames);
  view.highlightPaths(paths);
  const double highlighted = msPerFrame(window, renderer, frames);
  std::printf("  frame %dx%d, %d frames: hall only %.1f ms, with cables %.1f ms, "
              "with cables + ECMP highlight %.1f ms\n",
              width, height, frames, without, with, highlighted);
  return 0;
}
