#pragma once
/**
 * @file thermal_view.h
 * Shows a solved thermal field (engine::thermal::ThermalResult) in the hall view: a horizontal
 * temperature slice at a chosen height (default 1.2 m, rack-intake height), an optional vertical
 * slice along X or Y, velocity arrows on the horizontal slice, optional streamlines from the
 * cooling supplies, an optional isosurface of a chosen temperature and a colour legend in °C. A
 * probe answers the temperature and air speed at any world point. VTK only: no Qt in this layer.
 *
 * Field sampling. Values live at cell centres (x0 + (i + ½)·h, …). The probe interpolates
 * trilinearly between the 8 surrounding centres, leaving out solid cells and renormalising the
 * weights over the open ones; closer to a wall than half a cell the value is held constant
 * (clamped). A slice cell shows the field at the slice plane at its centre, i.e. the probe at
 * that point, so a slice between two cell layers is linear in height. Cells whose own grid cell
 * is solid (racks, coolers, panels) are not drawn.
 *
 * Velocity at a cell centre: per axis the mean of the volume flows through its two faces on that
 * axis, divided by the face area h² (m/s); faces touching a solid or the boundary carry no flow
 * (the same rule as engine::thermal::cellSpeedMs).
 *
 * Colours: a diverging blue→red map (the hall view's power map) from the coldest to the hottest
 * open cell of the whole field, so slices at different heights compare; legend "Temperature
 * (°C)" on the left of the view.
 */

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class vtkPolyData;
class vtkRenderer;

namespace myriad::engine::thermal
{
struct ThermalResult;
}

namespace myriad::scenes
{

/** Orientation of the vertical slice. */
enum class VerticalSlice
{
  None,   ///< no vertical slice
  AlongX, ///< the plane y = position: runs along the rows
  AlongY  ///< the plane x = position: runs across the rows
};

/** Temperature and air speed at a point of the field. */
struct ThermalProbe
{
  double temperatureC = 0;
  double speedMs = 0;
};

/** What the view holds, for tests, the status bar and benchmarks. */
struct ThermalViewStats
{
  std::array<int, 2> horizontalDims{ 0, 0 }; ///< slice cells along X and Y (the grid's nx, ny)
  int horizontalCells = 0;                   ///< drawn (open) cells of the horizontal slice
  std::array<int, 2> verticalDims{ 0, 0 };   ///< cells along the plane's horizontal axis and Z
  int verticalCells = 0;                     ///< drawn cells of the vertical slice
  int arrows = 0;                            ///< arrows drawn on the horizontal slice
  int isosurfaceTriangles = 0;               ///< polygons of the isosurface (0 when off)
  int streamlines = 0;                       ///< streamline polylines (0 when off)
  int actors = 0;                            ///< props this view holds in the renderer
};

class ThermalView
{
public:
  /** Adds this view's props to `renderer` (which it does not own); nothing shows until
   *  setResult(). */
  explicit ThermalView(vtkRenderer* renderer);
  ~ThermalView();
  ThermalView(const ThermalView&) = delete;
  ThermalView& operator=(const ThermalView&) = delete;

  /** Copy the field of `result` (grid, temperatures, velocities) and rebuild the slices. */
  void setResult(const engine::thermal::ThermalResult& result);
  /**
   * The same, for a hall the 3D view draws at `hallOrigin` (world x, y of the hall frame's
   * origin, engine::hallOrigins()): the field is solved in the hall's frame and shown moved by
   * it, so it lies over its hall. From then on every world position of this class (probe(),
   * slicePointAt(), bounds(), the vertical slice's position, streamlineSeeds()) is in the world
   * frame; subtract hallOrigin() for the hall's own coordinates.
   */
  void setResult(const engine::thermal::ThermalResult& result, std::array<double, 2> hallOrigin);
  /** The world origin of the hall whose field is shown ((0, 0) before setResult()). */
  std::array<double, 2> hallOrigin() const;
  /** Forget the field and hide everything. */
  void clear();
  bool hasResult() const;

  /** Show or hide all props (slices, arrows, legend). */
  void setVisible(bool visible);
  bool visible() const;

  /** Show or hide the horizontal slice (and its arrows) alone; shown by default. */
  void setHorizontalSliceVisible(bool visible);
  bool horizontalSliceVisible() const;

  /** Height of the horizontal slice above the grid floor (m); clamped into the grid. */
  void setSliceHeight(double zM);
  double sliceHeight() const;

  /** Vertical slice and its position (world y for AlongX, world x for AlongY, m). */
  void setVerticalSlice(VerticalSlice slice, double positionM);
  VerticalSlice verticalSlice() const;
  double verticalPosition() const;

  /** Velocity arrows on the horizontal slice (off by default). */
  void setArrowsVisible(bool visible);
  bool arrowsVisible() const;

  /**
   * Translucent isosurface of `temperatureC` (°C) through the cell-centre temperatures (marching
   * cubes, linear between centres; solid cells count as the coldest air), in the map's colour of
   * that temperature; std::nullopt (the default) hides it. Kept across setResult().
   */
  void setIsosurface(std::optional<double> temperatureC);
  std::optional<double> isosurface() const;

  /**
   * Streamlines (off by default): from up to 200 supply cells (cooler outlets, perforated
   * tiles) downstream along the air velocity, coloured by the air temperature along them with
   * the slices' map. Traced by midpoint steps of a quarter cell through the probe's velocity;
   * a line ends at a solid face (a rack or cooler intake), at the grid's edge or in still air.
   * Rebuilt lazily: only while shown.
   */
  void setStreamlinesVisible(bool visible);
  bool streamlinesVisible() const;
  /** The streamline polylines (point scalars "temperatureC"); empty while hidden. */
  vtkPolyData* streamlineData() const;
  /** Where the streamlines start (world, m): supply-cell centres of the field. */
  std::vector<std::array<double, 3>> streamlineSeeds() const;

  /** Temperature and speed at world point `p` (trilinear); nullopt outside the grid, before
   *  setResult() or where every surrounding cell is solid. */
  std::optional<ThermalProbe> probe(const std::array<double, 3>& p) const;

  /**
   * World point of the nearest shown slice under display position (x, y) (pixels, origin
   * bottom-left), from the active camera's ray; nullopt when the ray misses every shown slice.
   * Needs the renderer to be in a sized render window.
   */
  std::optional<std::array<double, 3>> slicePointAt(int x, int y) const;

  /** Coldest and hottest open-cell temperature of the field (the colour map's range, °C). */
  std::array<double, 2> temperatureRange() const;
  /** Colour (RGB 0–1) the map gives a temperature (clamped to the range). */
  std::array<double, 3> colorOf(double temperatureC) const;
  /** World bounds of the grid: xmin, xmax, ymin, ymax, zmin, zmax (zeros before setResult()). */
  std::array<double, 6> bounds() const;

  /** Slice geometry: one quad per drawn cell, cell array "temperatureC" (°C). */
  vtkPolyData* horizontalSlice() const;
  vtkPolyData* verticalSliceData() const;

  ThermalViewStats stats() const;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

/** What a thermal slice image shows. */
struct ThermalSliceImageOptions
{
  /** 'z': horizontal plane `positionM` above the grid floor; 'x': the vertical plane
   *  x = `positionM` (world, across the rows); 'y': the vertical plane y = `positionM`. */
  char axis = 'z';
  double positionM = 1.2;
  int width = 1600; ///< pixels
  int height = 1000;
};

/**
 * Render one temperature slice of `result` off screen to a PNG: the slice seen square-on
 * (parallel projection, fitted to the image), outlines of the solid cells cut by the plane
 * (racks, coolers, panels) and of the hall, the °C legend of ThermalView and a title line (hall,
 * plane, min/max of the slice). Needs an X display like renderToPng(); returns false with
 * `error` set (no display, position outside the grid, unwritable file) instead of aborting.
 */
bool renderThermalSliceToPng(const engine::thermal::ThermalResult& result,
                             const ThermalSliceImageOptions& options, const std::string& pngPath,
                             std::string* error);

} // namespace myriad::scenes
