/*
 * Copyright 2026 The deltax Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.deltax.it.stores;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A one-datanode HDFS in the test JVM (Hadoop's MiniDFSCluster, the version Spark 4.1 ships), every
 * address on 127.0.0.1 with a free port, its storage under {@code baseDir}. Start one per test
 * class: it takes seconds. Clients need no settings: the {@code hdfs://} URI says it all.
 */
public final class MiniHdfs implements AutoCloseable {
  private final MiniDFSCluster cluster;
  private final URI uri;

  private MiniHdfs(MiniDFSCluster cluster) {
    this.cluster = cluster;
    // hdfs://127.0.0.1:<port>, not the "localhost" MiniDFSCluster names: no name lookup.
    this.uri = URI.create("hdfs://127.0.0.1:" + cluster.getNameNodePort());
  }

  public static MiniHdfs start(Path baseDir) throws IOException {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, baseDir.toString());
    for (String key :
        new String[] {
          "dfs.namenode.rpc-address",
          "dfs.namenode.http-address",
          "dfs.datanode.address",
          "dfs.datanode.http.address",
          "dfs.datanode.ipc.address"
        }) {
      conf.set(key, "127.0.0.1:0");
    }
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    return new MiniHdfs(cluster);
  }

  /** {@code hdfs://127.0.0.1:<port>}; a table path is this plus {@code /some/dir}. */
  public URI uri() {
    return uri;
  }

  /** The path {@code path} (absolute, {@code /a/b}) as a URI string on this cluster. */
  public String url(String path) {
    return uri + path;
  }

  @Override
  public void close() throws IOException {
    // Drop the cached client of this cluster first, so no later test reaches a dead namenode.
    FileSystem.get(uri, new Configuration()).close();
    cluster.shutdown();
  }
}
