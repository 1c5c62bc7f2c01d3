# One fuzz test (cmake -P; registered by fuzz/CMakeLists.txt): runs the libFuzzer binary FUZZER
# for SECONDS (the environment variable MYRIAD_FUZZ_SECONDS overrides it, so fuzz/run-fuzz.sh
# needs no reconfigure) and fails on any finding, printing the log's end and the artifact to
# replay. Parameters (-D): FUZZER NAME MAX_LEN SECONDS WORK_DIR CORPORA ("|"-separated seed
# folders; missing ones are skipped, so a new fuzz/regressions/NAME/ needs no reconfigure).
cmake_minimum_required(VERSION 3.22)

if(NOT "$ENV{MYRIAD_FUZZ_SECONDS}" STREQUAL "")
  set(SECONDS "$ENV{MYRIAD_FUZZ_SECONDS}")
endif()

# New interesting inputs go to the first folder only: the build tree's corpus, kept between runs
# so that later runs start from what earlier ones found.
set(_corpus "${WORK_DIR}/corpus")
set(_artifacts "${WORK_DIR}/artifacts")
set(_log "${WORK_DIR}/fuzz.log")
file(MAKE_DIRECTORY "${_corpus}" "${_artifacts}")
string(REPLACE "|" ";" CORPORA "${CORPORA}")
set(_dirs "${_corpus}")
foreach(_dir IN LISTS CORPORA)
  if(IS_DIRECTORY "${_dir}")
    list(APPEND _dirs "${_dir}")
  endif()
endforeach()

file(GLOB _before "${_artifacts}/*")
# libFuzzer stops itself after SECONDS (each input is bounded by -timeout); the process timeout
# only catches a run that never returns.
math(EXPR _limit "${SECONDS} * 2 + 120")
execute_process(
  COMMAND "${FUZZER}" ${_dirs} -max_total_time=${SECONDS} -max_len=${MAX_LEN}
          -rss_limit_mb=2048 -timeout=10 "-artifact_prefix=${_artifacts}/" -print_final_stats=1
  RESULT_VARIABLE _rc OUTPUT_FILE "${_log}" ERROR_FILE "${_log}" TIMEOUT ${_limit})

file(STRINGS "${_log}" _stats REGEX "^(stat::|#[0-9]+[ \t]+(INITED|DONE))")
foreach(_line IN LISTS _stats)
  message("fuzz_${NAME}: ${_line}")
endforeach()
if(NOT _rc EQUAL 0)
  file(STRINGS "${_log}" _lines)
  list(LENGTH _lines _n)
  set(_from 0)
  if(_n GREATER 60)
    math(EXPR _from "${_n} - 60")
  endif()
  list(SUBLIST _lines ${_from} 60 _tail)
  string(REPLACE ";" "\n" _tail "${_tail}")
  file(GLOB _after "${_artifacts}/*")
  if(_before)
    list(REMOVE_ITEM _after ${_before})
  endif()
  message("${_tail}")
  message(FATAL_ERROR "fuzz_${NAME}: finding (exit ${_rc}); log ${_log}\n"
    "new artifacts: ${_after}\n"
    "replay: ${FUZZER} ARTIFACT; keep it: copy it to fuzz/regressions/${NAME}/ (docs/dev/FUZZING.md)")
endif()
