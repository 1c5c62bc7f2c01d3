// Off-screen rendering of a scene to a PNG file.

#include "myriad/scenes/hall_scene.h"

#include "offscreen_png.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <vtkCoordinate.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkWindowToImageFilter.h>

#include <cstdio>
#include <filesystem>
#include <sstream>

namespace myriad::scenes
{
namespace
{

std::string withThousands(long long value)
{
  const std::string digits = std::to_string(value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i)
  {
    const std::size_t left = digits.size() - i;
    if (i > 0 && left % 3 == 0 && digits[i - 1] != '-')
    {
      out += ',';
    }
    out += digits[i];
  }
  return out;
}

/** One-line caption in the image's corner: scene name and headline counts. */
std::string caption(const engine::Scene& scene, const engine::Catalog& catalog)
{
  const engine::SceneCounts counts = engine::countScene(scene, catalog);
  std::ostringstream text;
  text << (scene.site.name.empty() ? std::string("Myriad scene") : scene.site.name) << "  —  "
       << withThousands(counts.gpus) << " GPUs, " << withThousands(counts.nodes) << " nodes, "
       << withThousands(counts.racks) << " racks, " << withThousands(counts.switches)
       << " switches";
  char power[64];
  std::snprintf(power, sizeof power, ", IT %.2f MW", counts.itPowerW / 1e6);
  text << power;
  return text.str();
}

void addCaption(vtkRenderer* renderer, const std::string& text)
{
  vtkNew<vtkTextActor> actor;
  actor->SetInput(text.c_str());
  // Top left: the colour legends take the bottom (power on the right, thermal on the left), and
  // a long caption at the bottom ran into the power legend's title.
  actor->GetPositionCoordinate()->SetCoordinateSystemToNormalizedViewport();
  actor->GetPositionCoordinate()->SetValue(0.02, 0.975);
  vtkTextProperty* property = actor->GetTextProperty();
  property->SetVerticalJustificationToTop();
  property->SetFontSize(18);
  property->SetColor(0.92, 0.94, 0.97);
  property->SetBackgroundColor(0.05, 0.07, 0.1);
  property->SetBackgroundOpacity(0.55);
  renderer->AddViewProp(actor);
}

} // namespace

namespace detail
{

bool writeWindowPng(vtkRenderWindow* window, const std::string& pngPath, std::string* error)
{
  window->Render();
  vtkNew<vtkWindowToImageFilter> grab;
  grab->SetInput(window);
  grab->SetInputBufferTypeToRGB();
  grab->ReadFrontBufferOff();
  vtkNew<vtkPNGWriter> writer;
  writer->SetFileName(pngPath.c_str());
  writer->SetInputConnection(grab->GetOutputPort());
  writer->Write();
  std::error_code ec;
  if (writer->GetErrorCode() != 0 || std::filesystem::file_size(pngPath, ec) == 0 || ec)
  {
    if (error)
    {
      *error = "could not write PNG file '" + pngPath + "'";
    }
    return false;
  }
  return true;
}

} // namespace detail

bool renderToPng(const engine::Scene& scene, const engine::Catalog& catalog,
                 const std::string& pngPath, const RenderOptions& options, std::string* error)
{
  auto fail = [error](const std::string& message)
  {
    if (error)
    {
      *error = message;
    }
    return false;
  };
  if (options.width <= 0 || options.height <= 0 || options.width > 16384 || options.height > 16384)
  {
    return fail("image size must be between 1 and 16384 pixels per side");
  }
  if (const std::string problem = displayError(); !problem.empty())
  {
    return fail(problem);
  }
  try
  {
    vtkNew<vtkRenderWindow> window;
    window->SetOffScreenRendering(1);
    window->SetSize(options.width, options.height);
    window->SetMultiSamples(0); // FXAA below: MSAA is slow on software GL
    vtkNew<vtkRenderer> renderer;
    renderer->UseFXAAOn();
    window->AddRenderer(renderer);
    HallScene hall(renderer);
    hall.build(scene, catalog);
    hall.setColorBy(options.colorBy);
    hall.applyCameraPreset(options.view);
    hall.updateLevelOfDetail();
    renderer->ResetCameraClippingRange();
    addCaption(renderer, caption(scene, catalog));
    return detail::writeWindowPng(window, pngPath, error);
  }
  catch (const std::exception& e)
  {
    return fail(std::string("rendering failed: ") + e.what());
  }
}

} // namespace myriad::scenes
