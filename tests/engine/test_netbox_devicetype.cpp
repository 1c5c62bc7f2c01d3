// NetBox devicetype-library import: two real library files (tests/netbox/devicetypes, see
// SOURCE.md there) become catalog parts that cite the file; bad documents are LoadErrors that
// name the line or key.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/netbox/devicetype.h"
#include "myriad/engine/scene_io.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace myriad::engine;
using namespace myriad::engine::netbox;

namespace
{

const std::string kDir = MYRIAD_SOURCE_DIR "/tests/netbox/devicetypes/";
const std::string kLibrary = "netbox-community/devicetype-library device-types/Nvidia/";

DeviceType load(const std::string& file)
{
  return deviceTypeFromYaml(readFile(kDir + file), file);
}

/** The LoadError that parsing `text` throws; fails the test when none is thrown. */
LoadError loadErrorOf(const std::string& text)
{
  try
  {
    deviceTypeFromYaml(text, "bad.yaml");
  }
  catch (const LoadError& error)
  {
    return error;
  }
  QTest::qFail("expected a LoadError", __FILE__, __LINE__);
  return { "", "<none>", "no LoadError thrown" };
}

const std::string kMinimal = "manufacturer: Nvidia\nmodel: M\nslug: m\n";

} // namespace

class TestNetboxDeviceType final : public QObject
{
  Q_OBJECT

private slots:
  void interfaceSpeeds();
  void qm9700IsASwitch();
  void dgxA100IsAServer();
  void weightUnitsConvert();
  void partsRoundTripThroughCatalogJson();
  void malformedYamlNamesTheLine();
  void missingOrWrongKeysNameThePath();
  void wrongNodeKindsAreLoadErrors();
};

void TestNetboxDeviceType::interfaceSpeeds()
{
  QCOMPARE(interfaceTypeGbps("400gbase-x-osfp"), 400.0);
  QCOMPARE(interfaceTypeGbps("infiniband-ndr"), 400.0);
  QCOMPARE(interfaceTypeGbps("infiniband-fdr10"), 40.0);
  QCOMPARE(interfaceTypeGbps("1000base-t"), 1.0);
  QCOMPARE(interfaceTypeGbps("100base-tx"), 0.1);
  QCOMPARE(interfaceTypeGbps("2.5gbase-t"), 2.5);
  QCOMPARE(interfaceTypeGbps("100gbase-x-qsfp28"), 100.0);
  QCOMPARE(interfaceTypeGbps("32gfc-sfp28"), 32.0);
  QCOMPARE(interfaceTypeGbps("1.6tbase-x-osfp1600"), 1600.0);
  QCOMPARE(interfaceTypeGbps("virtual"), 0.0);
  QCOMPARE(interfaceTypeGbps("lag"), 0.0);
  QCOMPARE(interfaceTypeGbps("ieee802.11ax"), 0.0);
  QCOMPARE(interfaceTypeGbps("infiniband-zdr"), 0.0);
  QCOMPARE(interfaceTypeGbps(""), 0.0);
}

void TestNetboxDeviceType::qm9700IsASwitch()
{
  const DeviceType type = load("QM9700.yaml");
  QCOMPARE(type.manufacturer, std::string("Nvidia"));
  QCOMPARE(type.slug, std::string("nvidia-qm9700"));
  QCOMPARE(type.airflow, std::string("rear-to-front"));
  // The file lists P0.0 … P31.1 as 400gbase-x-osfp but skips P22.1 and P23.0 (the hardware has
  // 64 NDR ports in 32 twin-port OSFP cages): 62 interfaces listed → 62 ports.
  QCOMPARE(type.interfaces.size(), std::size_t(62));
  QCOMPARE(type.powerPorts, 0); // PSUs are module-bays in this file, no power-ports

  const Part part = partFromDeviceType(type, "QM9700.yaml"); // category guessed
  QCOMPARE(part.id, std::string("nvidia-qm9700"));
  QCOMPARE(part.category, std::string("switch"));
  QCOMPARE(part.name, std::string("Nvidia QM9700"));
  QCOMPARE(part.figure("ports").value, 62.0);
  QCOMPARE(part.figure("portRateGbps").value, 400.0);
  QVERIFY(!part.figure("portRateGbps").estimate); // one rate for every data interface
  QCOMPARE(part.figure("heightU").value, 1.0);
  QCOMPARE(part.figure("weightKg").value, 14.8); // weight: 14.8, weight_unit: kg
  QVERIFY(part.figures.count("powerMaxW") == 0); // no draw in the file
  QVERIFY(part.figure("ports").source.starts_with(kLibrary + "QM9700.yaml"));
  QCOMPARE(part.attribute("airflow"), std::string("rear-to-front"));
}

void TestNetboxDeviceType::dgxA100IsAServer()
{
  // The library has no DGX H100 file; DGC-A100.yaml (DGX A100 640GB) is its DGX server.
  const DeviceType type = load("DGC-A100.yaml");
  QCOMPARE(type.uHeight, 6.0);
  QCOMPARE(type.partNumber, std::string("DGXA-G640F+P2EDI36"));
  QVERIFY(!type.weightKg); // weight only in the free-text comments, not in weight:
  QCOMPARE(type.interfaces.size(), std::size_t(37));
  QCOMPARE(type.powerPorts, 2);
  QCOMPARE(type.maximumDrawW, 2142.0);   // 2 × 1071 W
  QCOMPARE(type.allocatedDrawW, 1172.0); // 2 × 586 W

  // 36 non-management data interfaces would make the guess a switch, so say "server".
  QCOMPARE(partFromDeviceType(type, "DGC-A100.yaml").category, std::string("switch"));
  const Part part = partFromDeviceType(type, "device-types/Nvidia/DGC-A100.yaml", "server");
  QCOMPARE(part.category, std::string("server"));
  QCOMPARE(part.name, std::string("NVIDIA DGX A100 640GB"));
  QCOMPARE(part.figure("heightU").value, 6.0);
  // 28 × 100gbase-x-qsfp28 + 8 × 400gbase-x-qsfpdd; mgmt0 (1000base-t, mgmt_only) is not.
  QCOMPARE(part.figure("computeNics").value, 36.0);
  QVERIFY(part.figure("computeNics").estimate); // ports counted as NICs
  QCOMPARE(part.figure("powerMaxW").value, 1172.0);
  QVERIFY(part.figure("powerMaxW").source.find("allocated_draw") != std::string::npos);
  QVERIFY(part.figure("heightU").source.starts_with(kLibrary + "DGC-A100.yaml"));
  QVERIFY(part.figures.count("weightKg") == 0);
  QVERIFY(part.figures.count("ports") == 0);
  QCOMPARE(part.attribute("partNumber"), std::string("DGXA-G640F+P2EDI36"));
  QCOMPARE(part.attribute("manufacturer"), std::string("Nvidia"));

  DeviceType maximumOnly = type;
  maximumOnly.allocatedDrawW = 0;
  const Part fallback = partFromDeviceType(maximumOnly, "DGC-A100.yaml", "server");
  QCOMPARE(fallback.figure("powerMaxW").value, 2142.0);
  QVERIFY(fallback.figure("powerMaxW").source.find("maximum_draw") != std::string::npos);
  QVERIFY_THROWS_EXCEPTION(Error, partFromDeviceType(type, "DGC-A100.yaml", "toaster"));
}

void TestNetboxDeviceType::weightUnitsConvert()
{
  // Neither library file states its weight in lb; the DGX A100's 271.5 lb (from its comments)
  // stands in for a library file that does.
  const auto kg = [](const std::string& weight)
  { return deviceTypeFromYaml(kMinimal + weight, "w.yaml").weightKg.value_or(-1); };
  QCOMPARE(kg("weight: 271.5\nweight_unit: lb\n"), 271.5 * 0.45359237);
  QVERIFY(std::abs(kg("weight: 271.5\nweight_unit: lb\n") - 123.15) < 0.01);
  QCOMPARE(kg("weight: 14800\nweight_unit: g\n"), 14.8);
  QCOMPARE(kg("weight: 16\nweight_unit: oz\n"), 16 * 0.028349523125);
  QCOMPARE(kg("weight: 14.8\nweight_unit: kg\n"), 14.8);
  QCOMPARE(loadErrorOf(kMinimal + "weight: 3\nweight_unit: stone\n").jsonPath(),
           std::string("/weight_unit"));
  QCOMPARE(loadErrorOf(kMinimal + "weight: 3\n").jsonPath(), std::string("/weight_unit"));
  QCOMPARE(loadErrorOf(kMinimal + "weight: heavy\nweight_unit: kg\n").jsonPath(),
           std::string("/weight"));
}

void TestNetboxDeviceType::partsRoundTripThroughCatalogJson()
{
  const std::vector<Part> parts = {
    partFromDeviceType(load("QM9700.yaml"), "QM9700.yaml"),
    partFromDeviceType(load("DGC-A100.yaml"), "DGC-A100.yaml", "server"),
  };
  const Catalog catalog = Catalog::fromJson(catalogToJson(parts), "netbox.json");
  QCOMPARE(catalog.size(), std::size_t(2));
  for (const Part& part : parts)
  {
    const Part& read = catalog.part(part.id);
    QCOMPARE(read.category, part.category);
    QCOMPARE(read.name, part.name);
    QCOMPARE(read.attributes, part.attributes);
    QCOMPARE(read.figures.size(), part.figures.size());
    for (const auto& [key, figure] : part.figures)
    {
      QCOMPARE(read.figure(key).value, figure.value);
      QCOMPARE(read.figure(key).unit, figure.unit);
      QCOMPARE(read.figure(key).source, figure.source);
      QCOMPARE(read.figure(key).estimate, figure.estimate);
    }
  }
}

void TestNetboxDeviceType::malformedYamlNamesTheLine()
{
  // Line 6 indents "type" deeper than "name": yaml-cpp reports an illegal map value there.
  const LoadError error = loadErrorOf(kMinimal + "interfaces:\n  - name: a\n     type: b\n");
  QCOMPARE(error.file(), std::string("bad.yaml"));
  QCOMPARE(error.jsonPath(), std::string("line 6, column 10"));
  QVERIFY2(std::string(error.what()).find("illegal map value") != std::string::npos, error.what());
  // An unclosed flow sequence on line 2 runs into line 3.
  const LoadError unclosed = loadErrorOf("manufacturer: Nvidia\nmodel: [M\nslug: m\n");
  QVERIFY2(unclosed.jsonPath().starts_with("line 3, column"), unclosed.what());
}

void TestNetboxDeviceType::missingOrWrongKeysNameThePath()
{
  const LoadError noSlug = loadErrorOf("manufacturer: Nvidia\nmodel: M\n");
  QCOMPARE(noSlug.jsonPath(), std::string("/slug"));
  QVERIFY(std::string(noSlug.what()).find("missing") != std::string::npos);
  QCOMPARE(loadErrorOf("model: M\nslug: m\n").jsonPath(), std::string("/manufacturer"));
  QCOMPARE(loadErrorOf("manufacturer: Nvidia\nslug: m\n").jsonPath(), std::string("/model"));

  const LoadError tall = loadErrorOf(kMinimal + "u_height: \"tall\"\n");
  QCOMPARE(tall.jsonPath(), std::string("/u_height"));
  QVERIFY2(std::string(tall.what()).find("line 4") != std::string::npos, tall.what());
  QCOMPARE(loadErrorOf(kMinimal + "u_height: 1.3\n").jsonPath(), std::string("/u_height"));
  QCOMPARE(loadErrorOf(kMinimal + "u_height: -1\n").jsonPath(), std::string("/u_height"));
  QCOMPARE(deviceTypeFromYaml(kMinimal + "u_height: 0.5\n", "h.yaml").uHeight, 0.5);
  QCOMPARE(loadErrorOf(kMinimal + "is_full_depth: maybe\n").jsonPath(),
           std::string("/is_full_depth"));
  const std::string interfaces = kMinimal + "interfaces:\n  - {name: a, type: 1000base-t}\n"
                                            "  - {name: b, type: 1000base-t}\n"
                                            "  - {name: c, type: 1000base-t}\n";
  QCOMPARE(loadErrorOf(interfaces + "  - {name: d, type: [x]}\n").jsonPath(),
           std::string("/interfaces/3/type"));
  QCOMPARE(loadErrorOf(interfaces + "  - {name: d}\n").jsonPath(),
           std::string("/interfaces/3/type"));
  QCOMPARE(loadErrorOf(interfaces + "  - {name: d, type: x, mgmt_only: 7}\n").jsonPath(),
           std::string("/interfaces/3/mgmt_only"));
  QCOMPARE(loadErrorOf(kMinimal + "power-ports:\n  - {name: p, maximum_draw: lots}\n").jsonPath(),
           std::string("/power-ports/0/maximum_draw"));
  QCOMPARE(loadErrorOf(kMinimal + "power-ports:\n  - {name: p, allocated_draw: -5}\n").jsonPath(),
           std::string("/power-ports/0/allocated_draw"));
}

void TestNetboxDeviceType::wrongNodeKindsAreLoadErrors()
{
  // A sequence, scalar or nothing where a mapping belongs, and the reverse, never crash.
  QCOMPARE(loadErrorOf("- manufacturer: Nvidia\n").jsonPath(), std::string("/"));
  QCOMPARE(loadErrorOf("just a scalar\n").jsonPath(), std::string("/"));
  QCOMPARE(loadErrorOf("").jsonPath(), std::string("/"));
  QCOMPARE(loadErrorOf("manufacturer: {a: b}\nmodel: M\nslug: m\n").jsonPath(),
           std::string("/manufacturer"));
  QCOMPARE(loadErrorOf("manufacturer: Nvidia\nmodel: [M]\nslug: m\n").jsonPath(),
           std::string("/model"));
  QCOMPARE(loadErrorOf("manufacturer: Nvidia\nmodel: M\nslug:\n").jsonPath(), std::string("/slug"));
  QCOMPARE(loadErrorOf(kMinimal + "interfaces: {a: b}\n").jsonPath(), std::string("/interfaces"));
  QCOMPARE(loadErrorOf(kMinimal + "interfaces: eth0\n").jsonPath(), std::string("/interfaces"));
  QCOMPARE(loadErrorOf(kMinimal + "interfaces:\n  - eth0\n").jsonPath(),
           std::string("/interfaces/0"));
  QCOMPARE(loadErrorOf(kMinimal + "interfaces:\n  - [a, b]\n").jsonPath(),
           std::string("/interfaces/0"));
  QCOMPARE(loadErrorOf(kMinimal + "power-ports: {a: 1}\n").jsonPath(), std::string("/power-ports"));
  QCOMPARE(loadErrorOf(kMinimal + "u_height: [1]\n").jsonPath(), std::string("/u_height"));
  QCOMPARE(loadErrorOf(kMinimal + "airflow: {x: 1}\n").jsonPath(), std::string("/airflow"));
  // Unknown keys and null optional lists are ignored.
  const DeviceType ok = deviceTypeFromYaml(
    kMinimal + "interfaces:\npower-ports: ~\nconsole-ports: 5\nfuture-key: [1, {2: 3}]\n", "ok");
  QVERIFY(ok.interfaces.empty());
  QCOMPARE(ok.uHeight, 1.0);
  QVERIFY(ok.fullDepth);
}

QTEST_APPLESS_MAIN(TestNetboxDeviceType)
#include "test_netbox_devicetype.moc"
