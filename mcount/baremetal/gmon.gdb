# gmon.gdb - copy a profile that libgmon left in a microcontroller's
# memory (gmon_output_image) to a file, from GDB.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Installed by a bare-metal libgmon in PREFIX/share/gmonkit/.  With a
# program whose GMON_CONFIG says .output = &gmon_output_image, and GDB
# attached to the target (OpenOCD, pyOCD, J-Link's server, QEMU's
# gdbstub):
#
#   (gdb) source PREFIX/share/gmonkit/gmon.gdb
#   (gdb) gmon-image gmon.out
#
# runs the program until it has written its profile (at exit, or at a
# gmon_dump ()) and puts the file's bytes in gmon.out on the host, part
# by part: libgmon describes each part at the start of gmon_ram
# (struct gmon_image: its address, its length, its place in the file,
# whether the file ends there) and calls gmon_image_ready (), where
# this stops.  `gmon-image-saved FILE' copies what a dump left there,
# later (post mortem): the whole file if it fit in one part
# (GMON_IMAGE (BYTES) in the program, BYTES at least the file's size).

define gmon-image
  if $argc != 1
    echo usage: gmon-image FILE\n
  else
    break *gmon_image_ready
    set $gmon_bp = $bpnum
    set $gmon_img = (unsigned long *) &gmon_ram
    set $gmon_parts = 0
    set $gmon_go = 1
    while $gmon_go
      continue
      if $pc != (unsigned long) gmon_image_ready
        echo gmon-image: the program stopped before its profile was written\n
        set $gmon_go = 0
      else
        if $gmon_img[3] != 0
          set $gmon_go = 0
          printf "gmon-image: %lu bytes in %d parts\n", $gmon_img[2] + $gmon_img[1], $gmon_parts
        else
          if $gmon_parts == 0
            dump binary memory $arg0 $gmon_img[0] $gmon_img[0] + $gmon_img[1]
          else
            append binary memory $arg0 $gmon_img[0] $gmon_img[0] + $gmon_img[1]
          end
          set $gmon_parts = $gmon_parts + 1
        end
      end
    end
    delete $gmon_bp
  end
end
document gmon-image
gmon-image FILE: run the program until libgmon has written its profile
as a memory image (gmon_output_image), and put it in FILE.
end

define gmon-image-saved
  if $argc != 1
    echo usage: gmon-image-saved FILE\n
  else
    set $gmon_img = (unsigned long *) &gmon_ram
    if $gmon_img[3] == 0 || $gmon_img[2] != 0
      echo gmon-image-saved: no whole profile in memory (GMON_IMAGE too small, or no dump yet): use gmon-image\n
    else
      dump binary memory $arg0 $gmon_img[0] $gmon_img[0] + $gmon_img[1]
      printf "gmon-image-saved: %lu bytes\n", $gmon_img[1]
    end
  end
end
document gmon-image-saved
gmon-image-saved FILE: put in FILE the profile the last dump left in
memory as one part (GMON_IMAGE large enough for it).
end
