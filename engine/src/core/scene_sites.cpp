// One site of a multi-site scene (query.h).
#include "myriad/engine/query.h"

namespace myriad::engine
{

Scene siteSubScene(const Scene& scene, const std::string& siteId)
{
  Scene sub;
  sub.site.name = scene.site.name;
  sub.site.currency = scene.site.currency;
  sub.site.exchangeRate = scene.site.exchangeRate;
  sub.spec = scene.spec;
  sub.evaluationJson = scene.evaluationJson;
  for (const Hall& hall : scene.site.halls)
  {
    if (hall.site == siteId)
    {
      sub.site.halls.push_back(hall);
      sub.site.halls.back().site.clear();
    }
  }
  return sub;
}

} // namespace myriad::engine
