# Installs the sonnx libraries, headers and tools, and exports a CMake package
# (SONNXConfig.cmake, SONNXTargets.cmake) for projects that embed sonnx.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(SONNX_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR})
set(SONNX_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/sonnx)

# The libraries an embedding compiler links: the dialect, the C API, and
# the passes and pipeline the C API registers.
set(SONNX_EXPORTED_LIBS SONNXDialect SONNXONNXGraphDialect SONNXCAPI SONNXRegistration SONNXPipelines
  SONNXToLinalg SONNXAssertToLLVM SONNXSCFToControlFlow
  SONNXStringConstantsToLLVM SONNXCElementTypes SONNXToEmitC SONNXCodegenTransforms)
# The C API of the ONNX importer, with the importer.
if(SONNX_ENABLE_ONNX)
  list(APPEND SONNX_EXPORTED_LIBS SONNXCAPIONNX SONNXTargetONNX SONNXTensorUtils)
endif()
get_property(SONNX_EXTRA_EXPORTED_LIBS GLOBAL PROPERTY SONNX_EXPORTED_LIBS)
list(APPEND SONNX_EXPORTED_LIBS ${SONNX_EXTRA_EXPORTED_LIBS})

foreach(lib ${SONNX_EXPORTED_LIBS})
  target_include_directories(${lib} INTERFACE
    $<INSTALL_INTERFACE:${SONNX_INSTALL_INCLUDEDIR}>)
endforeach()
install(TARGETS ${SONNX_EXPORTED_LIBS}
  EXPORT SONNXTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# For upstream tools and editors: the mlir-opt plugin (SONNX::SONNXPlugin,
# its path is $<TARGET_FILE:SONNX::SONNXPlugin>) and the language server
# (SONNX::sonnx-lsp-server).
install(TARGETS SONNXPlugin
  EXPORT SONNXTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS sonnx-lsp-server
  EXPORT SONNXTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT SONNXTargets
  NAMESPACE SONNX::
  DESTINATION ${SONNX_INSTALL_CMAKEDIR})

# Without ONNX, the headers of the ONNX importer and runner have no library
# behind them: they are not installed.
set(SONNX_ONNX_HEADER_EXCLUDES)
if(NOT SONNX_ENABLE_ONNX)
  set(SONNX_ONNX_HEADER_EXCLUDES
    PATTERN "Target/ONNX" EXCLUDE
    PATTERN "ONNXRunner.h" EXCLUDE
    PATTERN "ONNXImport.h" EXCLUDE)
endif()
install(DIRECTORY ${SONNX_SOURCE_DIR}/include/SONNX ${SONNX_SOURCE_DIR}/include/SONNX-c
  DESTINATION ${SONNX_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.def" PATTERN "*.td" ${SONNX_ONNX_HEADER_EXCLUDES})
install(DIRECTORY ${SONNX_BINARY_DIR}/include/SONNX
  DESTINATION ${SONNX_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc")

# SONNXTargetONNX links ONNX's onnx_proto: the package finds ONNX too.
set(SONNX_PACKAGE_ENABLE_ONNX ${SONNX_ENABLE_ONNX})
configure_package_config_file(
  ${SONNX_SOURCE_DIR}/cmake/SONNXConfig.cmake.in
  ${SONNX_BINARY_DIR}/cmake/SONNXConfig.cmake
  INSTALL_DESTINATION ${SONNX_INSTALL_CMAKEDIR}
  PATH_VARS SONNX_INSTALL_INCLUDEDIR)
install(FILES ${SONNX_BINARY_DIR}/cmake/SONNXConfig.cmake
  DESTINATION ${SONNX_INSTALL_CMAKEDIR})

foreach(tool sonnx-opt sonnx-translate sonnx-run)
  if(TARGET ${tool})
    install(TARGETS ${tool} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()
