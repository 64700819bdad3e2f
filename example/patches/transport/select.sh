#!/usr/bin/env bash
# Companion of engine_impl.diff: flips the build flag the diff reads.
sed -i 's/RDMA_ENABLED=0/RDMA_ENABLED=1/' build.env
