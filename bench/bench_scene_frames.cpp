// Frame-rate benchmark of the hall view (scenes/): builds the 10,240-GPU sample and a generated
// 102,400-GPU hall, then renders frames off screen with an orbiting camera at each detail level.
//
// Run under an X server (Debian's VTK is GLX only), e.g.
//   xvfb-run -a -s "-screen 0 1600x1000x24" ./bench_scene_frames [frames] [width] [height]
// Prints one line per case: scene build time, instance counts and frames per second.

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"
#include "myriad/scenes/hall_scene.h"

#include <vtkActor.h>
#include <vtkBillboardTextActor3D.h>
#include <vtkCamera.h>
#include <vtkNew.h>
#include <vtkPropCollection.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

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

const char* levelName(scenes::DetailLevel level)
{
  switch (level)
  {
    case scenes::DetailLevel::Racks:
      return "racks";
    case scenes::DetailLevel::Nodes:
      return "nodes";
    case scenes::DetailLevel::Gpus:
      return "gpus";
  }
  return "?";
}

/**
 * Diagnostics from $MYRIAD_BENCH_TWEAKS (comma-separated): "nolabels" hides row labels,
 * "notranslucent" hides translucent actors, "headlight" replaces the light kit with one headlight.
 */
void applyTweaks(vtkRenderer* renderer)
{
  const char* env = std::getenv("MYRIAD_BENCH_TWEAKS");
  const std::string tweaks = env ? env : "";
  if (tweaks.find("headlight") != std::string::npos)
  {
    renderer->RemoveAllLights();
  }
  vtkPropCollection* props = renderer->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp())
  {
    auto* actor = vtkActor::SafeDownCast(prop);
    if ((tweaks.find("nolabels") != std::string::npos && prop->IsA("vtkBillboardTextActor3D")) ||
        (tweaks.find("notranslucent") != std::string::npos && actor &&
         actor->GetProperty()->GetOpacity() < 1.0))
    {
      prop->SetVisibility(false);
    }
  }
}

/** Render `frames` frames, orbiting the camera 2° per frame; returns frames per second. */
double measureFps(vtkRenderWindow* window, vtkRenderer* renderer, int frames)
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
  return frames / (msSince(start) / 1000.0);
}

void runCase(const std::string& label, const engine::Scene& scene, int frames, int width,
             int height)
{
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const engine::SceneCounts counts = engine::countScene(scene, catalog);
  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetSize(width, height);
  vtkNew<vtkRenderer> renderer;
  window->AddRenderer(renderer);
  scenes::HallScene hall(renderer);
  const Clock::time_point start = Clock::now();
  hall.build(scene, catalog);
  const double buildMs = msSince(start);
  applyTweaks(renderer);
  std::printf("%s: %d GPUs, %d racks; scene build %.1f ms\n", label.c_str(), counts.gpus,
              counts.racks, buildMs);

  struct View
  {
    const char* name;
    scenes::CameraPreset preset;
    scenes::DetailLevel level;
    bool automatic;
  };
  const View views[] = {
    { "isometric", scenes::CameraPreset::Isometric, scenes::DetailLevel::Racks, false },
    { "isometric", scenes::CameraPreset::Isometric, scenes::DetailLevel::Nodes, false },
    { "isometric", scenes::CameraPreset::Isometric, scenes::DetailLevel::Gpus, false },
    { "aisle-walk (auto LOD)", scenes::CameraPreset::AisleWalk, scenes::DetailLevel::Racks, true },
  };
  for (const View& view : views)
  {
    hall.applyCameraPreset(view.preset);
    const Clock::time_point lodStart = Clock::now();
    if (view.automatic)
    {
      hall.updateLevelOfDetail();
    }
    else
    {
      hall.setLevelOfDetail(view.level);
    }
    const double lodMs = msSince(lodStart);
    const scenes::SceneStats s = hall.stats();
    const double fps = measureFps(window, renderer, frames);
    std::printf("  %-22s level %-5s racks %6d nodes %6d gpus %6d  lod %6.1f ms  %6.1f fps\n",
                view.name, levelName(s.detail), s.rackInstances, s.nodeInstances, s.gpuInstances,
                lodMs, fps);
  }
}

} // namespace

int main(int argc, char** argv)
{
  const int frames = argc > 1 ? std::atoi(argv[1]) : 30;
  const int width = argc > 2 ? std::atoi(argv[2]) : 1280;
  const int height = argc > 3 ? std::atoi(argv[3]) : 800;
  if (const std::string problem = scenes::displayError(); !problem.empty())
  {
    std::fprintf(stderr, "bench_scene_frames: %s\n", problem.c_str());
    return 1;
  }
  const engine::Catalog& catalog = engine::Catalog::builtin();
  std::printf("bench_scene_frames: %d frames per case at %dx%d\n", frames, width, height);

  const std::string sample = std::string(MYRIAD_SOURCE_DIR) + "/samples/h100-superpod-10k.json";
  Clock::time_point start = Clock::now();
  const engine::Scene tenK =
    std::filesystem::exists(sample)
      ? engine::loadScene(sample, catalog)
      : engine::generateScene(engine::builtinSpec("h100-superpod-10k"), catalog);
  std::printf("load h100-superpod-10k: %.1f ms\n", msSince(start));
  runCase("h100-superpod-10k", tenK, frames, width, height);

  engine::GeneratorSpec spec = engine::builtinSpec("h100-superpod-10k");
  spec.name = "h100-superpod-100k";
  spec.gpuCount = 102400;
  start = Clock::now();
  const engine::Scene hundredK = engine::generateScene(spec, catalog);
  std::printf("generate 102,400-GPU hall: %.1f ms\n", msSince(start));
  runCase("h100-superpod-100k", hundredK, frames, width, height);
  return 0;
}
