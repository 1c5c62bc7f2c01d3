# VTK 9.1 from Debian. Its config references MPI::MPI_C even when no MPI module is requested,
# so an empty imported target stands in for it. The component list is explicit and has no *Qt
# module (Debian's VTK Qt module is built for Qt 5).
if(NOT TARGET MPI::MPI_C)
  add_library(MPI::MPI_C INTERFACE IMPORTED)
endif()
find_package(VTK 9.1 REQUIRED COMPONENTS
  CommonCore CommonDataModel CommonColor CommonTransforms CommonExecutionModel
  FiltersSources FiltersCore FiltersGeneral FiltersGeometry
  RenderingCore RenderingOpenGL2 RenderingUI RenderingAnnotation RenderingFreeType
  RenderingLOD InteractionStyle InteractionWidgets IOImage)
