#pragma once
// Axis-aligned boxes drawn as instances of one unit cube (vtkGlyph3DMapper): one actor and
// one draw call for thousands of racks, each with its own position, size and colour.

#include "myriad/engine/query.h"
#include "palette.h"

#include <vtkNew.h>

#include <vector>

class vtkActor;
class vtkGlyph3DMapper;
class vtkPolyData;
class vtkFloatArray;
class vtkUnsignedCharArray;

namespace myriad::scenes::detail
{

class BoxGlyphs
{
public:
  BoxGlyphs();
  ~BoxGlyphs();
  BoxGlyphs(const BoxGlyphs&) = delete;
  BoxGlyphs& operator=(const BoxGlyphs&) = delete;

  /** Start a new set of instances (keeps the actor and its property). */
  void clear();
  /**
   * Add one box, shrunk by `gapM` on each side along X and Y so that neighbours in a row
   * read as separate objects (picking uses the true box, not the drawn one).
   */
  void add(const engine::Box& box, Rgb color, double gapM = 0);
  /** Push the added instances to the mapper; call after the last add(). */
  void commit();

  /**
   * Rewrite committed instance `index` in place (same rules as add()); returns true when it
   * changed. Call markModified() after the last update so the mapper uploads the new values;
   * the other instances, the actor and its data objects are kept.
   */
  bool update(int index, const engine::Box& box, Rgb color, double gapM = 0);
  /** Tell the mapper that update() changed instances (no-op when nothing changed). */
  void markModified();

  int count() const { return m_count; }
  vtkActor* actor() const;

  /** Draw as surfaces (default) or as wire cages (shells around detailed contents). */
  void setWireframe(bool wireframe, double lineWidth = 1.0);

  /**
   * Hide the set whatever it holds (the view's interactive detail), or with false show it again
   * when it holds instances. Only the actor's visibility changes; commit() keeps the setting.
   */
  void setSuppressed(bool suppressed);
  bool suppressed() const { return m_suppressed; }

private:
  struct Instance
  {
    float center[3];
    float size[3];
    unsigned char color[3];
  };
  static Instance instanceOf(const engine::Box& box, Rgb color, double gapM);

  std::vector<float> m_centers;
  std::vector<float> m_sizes;
  std::vector<unsigned char> m_colors;
  int m_count = 0;
  bool m_dirty = false;      ///< update() changed an instance since the last markModified()
  bool m_suppressed = false; ///< hidden by setSuppressed() (instances kept)
  vtkNew<vtkPolyData> m_points;
  vtkNew<vtkGlyph3DMapper> m_mapper;
  vtkNew<vtkActor> m_actor;
};

} // namespace myriad::scenes::detail
