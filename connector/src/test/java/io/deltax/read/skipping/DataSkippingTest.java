package io.deltax.read.skipping;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.partitions.PartitionValues;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringStartsWith;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Skipping decisions on hand-made statistics (PROTOCOL.md, "Per-file Statistics"). */
class DataSkippingTest {
  private static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType)
      .add("name", DataTypes.StringType)
      .add("ts", DataTypes.TimestampType)
      .add("amount", DataTypes.createDecimalType(10, 2))
      .add("p", DataTypes.IntegerType);

  private static final String STATS = "{\"numRecords\":10,"
      + "\"minValues\":{\"id\":100,\"name\":\"bob\",\"ts\":\"2024-01-01T00:00:00.000Z\",\"amount\":1.50},"
      + "\"maxValues\":{\"id\":200,\"name\":\"dave\",\"ts\":\"2024-01-01T00:00:01.000Z\",\"amount\":9.25},"
      + "\"nullCount\":{\"id\":0,\"name\":3,\"ts\":0,\"amount\":10}}";

  private static AddFile file(String stats, String partition) {
    Map<String, String> values = new HashMap<>();
    values.put("p", partition);
    return new AddFile("f.parquet", values, 1, 1, true, stats, Map.of(), null, null, null, null);
  }

  private static boolean mightMatch(Filter filter, AddFile file) {
    return new DataSkipping(SCHEMA, Set.of("p"), List.of(filter), new PartitionValues(ZoneId.of("UTC")))
        .mightMatch(file);
  }

  @Test
  void comparisonsAgainstMinAndMax() {
    AddFile f = file(STATS, "1");
    assertTrue(mightMatch(new EqualTo("id", 150L), f));
    assertFalse(mightMatch(new EqualTo("id", 201L), f));
    assertFalse(mightMatch(new LessThan("id", 100L), f));
    assertTrue(mightMatch(new GreaterThan("id", 199L), f));
    assertFalse(mightMatch(new GreaterThan("id", 200L), f));
    assertTrue(mightMatch(new In("id", new Object[] {1L, 150L}), f));
    assertFalse(mightMatch(new In("id", new Object[] {1L, 250L}), f));
    assertFalse(mightMatch(new EqualTo("name", "alice"), f));
    assertTrue(mightMatch(new StringStartsWith("name", "c"), f));
    assertFalse(mightMatch(new StringStartsWith("name", "e"), f));
    assertTrue(mightMatch(new StringStartsWith("name", "b"), f));
    assertFalse(mightMatch(new EqualTo("id", null), f));
  }

  @Test
  void timestampMaximumIsWidenedBecauseStatsAreTruncatedToMilliseconds() {
    AddFile f = file(STATS, "1");
    Timestamp withinLastMilli = Timestamp.from(java.time.Instant.parse("2024-01-01T00:00:01.000500Z"));
    assertTrue(mightMatch(new EqualTo("ts", withinLastMilli), f));
    assertFalse(mightMatch(new EqualTo("ts", Timestamp.from(java.time.Instant.parse("2024-01-01T00:00:01.001Z"))), f));
  }

  @Test
  void nullCounts() {
    AddFile f = file(STATS, "1");
    assertFalse(mightMatch(new IsNull("id"), f));
    assertTrue(mightMatch(new IsNull("name"), f));
    assertFalse(mightMatch(new IsNotNull("amount"), f));
    assertFalse(mightMatch(new EqualTo("amount", new BigDecimal("2.00")), f), "every amount is null");
    assertTrue(mightMatch(new EqualNullSafe("name", null), f));
    assertFalse(mightMatch(new EqualNullSafe("id", null), f));
  }

  @Test
  void partitionValuesAreExact() {
    assertTrue(mightMatch(new EqualTo("p", 1), file(STATS, "1")));
    assertFalse(mightMatch(new EqualTo("p", 2), file(STATS, "1")));
    assertFalse(mightMatch(new EqualTo("p", 1), file(STATS, null)));
    assertTrue(mightMatch(new IsNull("p"), file(STATS, null)));
    assertFalse(mightMatch(new IsNull("p"), file(STATS, "1")));
    assertFalse(mightMatch(new Not(new EqualTo("p", 1)), file(STATS, "1")));
  }

  @Test
  void combinationsAndUnknowns() {
    AddFile f = file(STATS, "1");
    assertFalse(mightMatch(new And(new EqualTo("id", 150L), new EqualTo("p", 2)), f));
    assertTrue(mightMatch(new Or(new EqualTo("id", 999L), new EqualTo("p", 1)), f));
    assertTrue(mightMatch(new EqualTo("id", 999L), file(null, "1")), "no stats: keep the file");
    assertTrue(mightMatch(new EqualTo("unknown", 1), f));
    assertTrue(mightMatch(new EqualTo("id", 999L), file("{not json", "1")));
  }
}
