# Install and package (issue 29): `cmake --install build --prefix P` gives
#   P/bin/warpcheck
#   P/lib/warpcheck/libWarpcheckTidyPlugin.so   (clang-tidy-19 --load ...)
#   P/share/warpcheck/include/                  (the headers a translated
#                                                compile database names)
#   P/share/man/man1/warpcheck.1
# The tool finds share/ relative to its own path (shareIncludeDir), so the
# tree may be moved anywhere (ctest install-relocatable). `cmake --build build --target package` makes
# a Debian package of the same tree (CPack), for Debian 12 with LLVM 19.
include(GNUInstallDirs)

# No run path in the installed tool and plugin: Debian's libllvm19 and
# libclang-cpp19 put libLLVM.so.19.1 and libclang-cpp.so.19.1 in the
# multiarch folder the loader searches (${LLVM_LIBRARY_DIR} only links to
# them, from llvm-19-dev), and without one dpkg-shlibdeps finds the packages
# that own them (the Depends below). WARPCHECK_INSTALL_RPATH sets one for
# an LLVM installed elsewhere.
set(WARPCHECK_INSTALL_RPATH "" CACHE STRING
    "Run path of the installed tool and plugin (LLVM's library folder when the loader does not search it)")
set_target_properties(warpcheck WarpcheckTidyPlugin PROPERTIES
                      INSTALL_RPATH "${WARPCHECK_INSTALL_RPATH}")

install(TARGETS warpcheck RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS WarpcheckTidyPlugin
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/warpcheck)
install(DIRECTORY ${WARPCHECK_SHARE_INCLUDE}/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/warpcheck/include)
install(FILES ${PROJECT_SOURCE_DIR}/docs/warpcheck.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME warpcheck)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "warpcheck developers <warpcheck@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "shared-memory bank conflicts and local-memory arrays in CUDA kernels, before anything runs")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_PACKAGE_HOMEPAGE_URL "${WARPCHECK_REPOSITORY_URL_CLEAN}")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${WARPCHECK_REPOSITORY_URL_CLEAN}")
# The shared libraries the tool and plugin link (libclang-cpp19, libllvm19,
# libstdc++6, libgcc-s1, libc6, with versions) come from dpkg-shlibdeps;
# clang's own CUDA headers (the resource directory the tool parses with,
# ${WARPCHECK_CLANG_RESOURCE_DIR}) from libclang-common-19-dev; the C and C++
# standard headers every CUDA file includes (clang's CUDA wrappers include
# <cmath>, the prelude <cstddef>) from libstdc++-12-dev, which brings
# libc6-dev: without them a fresh Debian 12 parses no launch
# (scripts/check-fresh-debian.sh).
find_program(WARPCHECK_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(WARPCHECK_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libclang-common-19-dev, libstdc++-12-dev | libstdc++-dev")
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libclang-cpp19, libllvm19, libclang-common-19-dev, libstdc++-12-dev | libstdc++-dev, libstdc++6, libgcc-s1, libc6")
endif()
# The plugin runs in clang-tidy; nvcc (--verify-ptx) and the toolkit's
# headers are used when present.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-tidy-19")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "nvidia-cuda-toolkit")
set(CPACK_STRIP_FILES ON)
include(CPack)
