/**
 * Running a scenario: the run job and its recorder, the output estimate, the run manifest, the listing of plugin types,
 * and the live service's contract ({@link sensor.scenario.run.LiveService}); shared by the command line, the batch
 * runner and the live service.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.scenario.run;
